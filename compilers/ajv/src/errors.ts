/** Base class so callers can tell schema build failures of this compiler apart from other errors. */
export class AjvCompilerError extends Error {
  readonly code: string
  readonly statusCode = 500

  // Spelled out, not lib's ErrorOptions (ES2022): an app whose target is older checks these declarations without it.
  constructor (code: string, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'AjvCompilerError'
    this.code = code
  }
}

export class UnknownKeywordError extends AjvCompilerError {
  readonly keyword: string
  /** How to fix it. Kept out of the message, which is Ajv's own as Fastify reports it. */
  readonly hint: string

  constructor (keyword: string, cause: unknown) {
    super('ENC_ERR_AJV_UNKNOWN_KEYWORD', `strict mode: unknown keyword: "${keyword}"`, { cause })
    this.name = 'UnknownKeywordError'
    this.keyword = keyword
    this.hint = 'Ajv runs in strict mode, so a keyword it does not know is treated as a probable typo. ' +
      'Register it with ajv.addKeyword() in the onCreate option (or through a plugin), prefix a vendor ' +
      'extension with "x-" and accept annotations (server option acceptAnnotationKeywords), or opt out ' +
      'with customOptions: { strictSchema: false }.'
  }
}

export class AsyncSchemaError extends AjvCompilerError {
  constructor (where: string) {
    super(
      'ENC_ERR_AJV_ASYNC_SCHEMA',
      `${where} declares "$async: true", which the default validator does not support. ` +
        'Validation runs synchronously for every request before the handler; asynchronous checks ' +
        '(database look-ups, remote calls) belong in a preHandler hook, where they can be awaited, ' +
        'time-limited and answered with a proper status code.'
    )
    this.name = 'AsyncSchemaError'
  }
}

export class InvalidSharedSchemaError extends AjvCompilerError {
  readonly schemaId: string

  constructor (schemaId: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause)
    super('ENC_ERR_AJV_INVALID_SHARED_SCHEMA', `The shared schema "${schemaId}" cannot be added: ${reason}`, { cause })
    this.name = 'InvalidSharedSchemaError'
    this.schemaId = schemaId
  }
}

const unknownKeywordMessage = /^strict mode: unknown keyword: "(.+)"$/

/** Ajv's unknown-keyword error, with this package's code and a hint on how to fix it; other errors pass through. */
export function explainCompileError (error: unknown): unknown {
  if (error instanceof Error) {
    const match = unknownKeywordMessage.exec(error.message)
    if (match !== null) return new UnknownKeywordError(match[1] as string, error)
  }
  return error
}

/** A compiler throws when the request part it is asked for is missing: that part must not pass unchecked. */
export class MissingHttpPartError extends AjvCompilerError {
  constructor (httpPart: unknown) {
    super(
      'ENC_ERR_AJV_HTTP_PART',
      `The validator compiler needs an httpPart of 'body', 'querystring', 'params' or 'headers'; got ${JSON.stringify(httpPart) ?? String(httpPart)}.`
    )
    this.name = 'MissingHttpPartError'
  }
}
