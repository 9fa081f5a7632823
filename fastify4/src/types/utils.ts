// The raw server types, default parts and status-code helpers are the same in both Fastify faces (declared once in @enclave/core).
export type {
  CodeToReplyKey, ContextConfigDefault, HttpHeader, HttpKeys, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerBase, RawServerDefault,
  RecordKeysToLowercase, ReplyDefault, ReplyKeysToCodes, RequestBodyDefault, RequestHeadersDefault, RequestParamsDefault, RequestQuerystringDefault, StatusCodeReply
} from '@enclave/core/internal'

type MethodName = 'delete' | 'get' | 'head' | 'patch' | 'post' | 'put' | 'options' |
  'propfind' | 'proppatch' | 'mkcol' | 'copy' | 'move' | 'lock' | 'unlock' | 'trace' | 'search' | 'report' | 'mkcalendar'
/** The method names a route may be declared with, in either case (Fastify v4's list). */
export type HTTPMethods = Uppercase<MethodName> | Lowercase<MethodName>

/** `NoInfer<T>` where TypeScript has it (5.4+), else `T`. */
export type NoInferCompat<T> = [T][T extends any ? 0 : never]
