// The raw server types, default parts and status-code helpers are the same in both Fastify faces (declared once in @enclave/core).
export type {
  CodeToReplyKey, ContextConfigDefault, HttpHeader, HttpKeys, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerBase, RawServerDefault,
  RecordKeysToLowercase, ReplyDefault, ReplyKeysToCodes, RequestBodyDefault, RequestHeadersDefault, RequestParamsDefault, RequestQuerystringDefault, StatusCodeReply
} from '@enclave/core/internal'

type MethodName = 'delete' | 'get' | 'head' | 'patch' | 'post' | 'put' | 'options' | 'query' |
  'propfind' | 'proppatch' | 'mkcol' | 'copy' | 'move' | 'lock' | 'unlock' | 'trace' | 'search' | 'report' | 'mkcalendar'
/** `T`'s literals offered by editors, while any value of their primitive type is accepted. */
export type Autocomplete<T> = T | ((T extends string ? string : T extends number ? number : T extends boolean ? boolean : never) & Record<never, never>)
/**
 * The method names a route may be declared with: Fastify 5's list in upper or lower case, or any
 * other name (a method added by `addHttpMethod`).
 */
export type HTTPMethods = Autocomplete<Uppercase<MethodName> | Lowercase<MethodName>>
