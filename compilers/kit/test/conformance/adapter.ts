import type { SerializerCompiler, ValidatorCompiler } from '@enclave/core'

/**
 * What the conformance suite needs to know about one compiler adapter: its compilers, the same
 * few schemas written in its library, and where the library is allowed to differ (its wording,
 * whether it converts JSON bodies, what it does with undeclared keys). Everything else is the
 * framework's contract and must behave identically for every adapter, on both entries.
 */
export interface ConformanceAdapter {
  /** How the tests name it: 'Joi', 'zod 4 through Standard Schema'. */
  name: string
  validatorCompiler: ValidatorCompiler
  /** The adapter's response serializer; `undefined` keeps the framework default (Ajv + fast-json-stringify). */
  serializerCompiler?: SerializerCompiler
  /** A compiler of this adapter that converts body strings too (form bodies); the default one when it already does. */
  bodyCoercingCompiler: ValidatorCompiler
  schemas: {
    /** params `{ id: integer >= 1 }`, required */
    params: unknown
    /** querystring `{ n?: number, flag: boolean = false }` */
    querystring: unknown
    /** headers `{ 'x-count': integer }`, required; undeclared headers allowed */
    headers: unknown
    /** body `{ name: string, age?: integer, tags?: string[] }`, name required */
    body: unknown
    /** response `{ id: integer, name: string, role: string = 'member', address?: { city: string } }`, id and name required */
    user: unknown
    /** response: an array of `user` */
    users: unknown
    /**
     * headers `{ 'X-Token'?: string }`: a name Node never delivers (it lower-cases header names).
     * Only for adapters that can read a schema's property names at build time.
     */
    capitalisedHeaders?: unknown
    /** body `{ id?: string }` whose asynchronous rule throws `outage` (a lookup that is down) */
    asyncRuleThrowing?: (outage: Error) => unknown
  }
  /** `true` when the default compiler converts `"41"` to 41 in a JSON body (Joi, yup, Ajv's baseline). */
  coercesBody: boolean
  /** What an object schema (a body, a querystring) does with a key it does not declare, by the library's default. */
  unknownKeys: 'kept' | 'stripped' | 'refused'
  /**
   * What a `__proto__` key sent as data meets. In a query string (`?__proto__=a`): 'data', an
   * ordinary key the copy holds without inheriting from it, or the 400 message refusing it. In a
   * JSON body parsed with onProtoPoisoning: 'ignore': 'dropped' from the value the handler gets, or
   * 'refused' with 400 (yup cannot hold such a key).
   */
  protoKey: { query: 'data' | { refused: string }, body: 'dropped' | 'refused' }
  /**
   * The 400 messages in enclave()'s wording ("should"); @enclave/fastify4's are derived from them
   * ("must", as Ajv 8 and Fastify 4 say it).
   */
  messages: {
    /** body `{ age: 1 }` */
    missingName: string
    /** body `{ name: 'x', age: 'old' }` */
    ageType: string
    /** body `{ name: 'x', age: 1.5 }` */
    ageFraction: string
    /** body `{ name: 'x', tags: ['ok', {}] }` */
    tagItem: string
    /** body `{ name: 'x', extra: 1 }`, when `unknownKeys` is 'refused' */
    unknownKey?: string
    /** body `null`, or no body at all */
    bodyNotObject: string
    /** body `[1, 2]` */
    bodyArray: string
    /** querystring `?n=five` */
    nType: string
    /** params `/items/0` */
    idMin: string
    /** params `/items/x` */
    idType: string
    /** headers without `x-count` */
    countMissing: string
    /** headers `x-count: many` */
    countType: string
  }
  /**
   * When the adapter's serializer checks the payload itself (rather than fast-json-stringify): the
   * class of the error it throws for `{ name: 'no id' }` against `user`, and that error's message.
   */
  responseMismatch?: { errorClass: abstract new (...args: never[]) => Error, message: string }
  /** The package and its ES module namespace (`import * as namespace from '@enclave/joi'`), for its shape. */
  module?: { name: string, namespace: Record<string, unknown> }
  /** The class of the error the validation function returns (`JoiValidationError`), when it returns one. */
  validationErrorClass?: abstract new (...args: never[]) => Error
  /** Recognises the library's own error, which the validation error carries as `cause`. */
  isLibraryError?: (cause: unknown) => boolean
  /** Build-time checks of the adapter's own (`ENC_ERR_<LIB>_…` codes), when it has them. */
  buildErrors?: {
    /** 'ENC_ERR_JOI' */
    codePrefix: string
    /** The build error's wording for a plain-object schema: /expected a Joi schema/ */
    notASchema: RegExp
  }
}
