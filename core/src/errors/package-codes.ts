/**
 * The codes the other Enclave packages (compilers, plugins) throw. Those packages define their own
 * errors (the default compilers cannot depend on core); this list only documents them, in
 * docs/reference/errors.md, and core/test/error-catalogue-coverage.test.ts keeps it in step with
 * their sources.
 */
export interface PackageCodeEntry {
  code: string
  package: string
  when: string
}

const adapterCodeTexts = {
  NOT_A_SCHEMA: "A route schema is not one of the library's schemas (checked at ready(), wrapped in FST_ERR_SCH_VALIDATION_BUILD / FST_ERR_SCH_SERIALIZATION_BUILD).",
  HEADER_CASE: 'A headers schema names a header with upper-case letters, which never matches: Node lower-cases header names.',
  HTTP_PART: 'The validator compiler was asked for an httpPart that is missing or unknown: a part it has nothing for must not pass unchecked.',
  INVALID_OPTIONS: 'The adapter was created with options of the wrong type.',
  ASYNC_RESPONSE: 'A response schema validates asynchronously; serialization is synchronous.',
  RESPONSE_MISMATCH: 'A reply payload does not fit its response schema; answered as a 500 with this code.'
} as const

function adapterCodes (packageName: string, library: string, kinds: ReadonlyArray<keyof typeof adapterCodeTexts>): PackageCodeEntry[] {
  return kinds.map((kind) => ({ code: `ENC_ERR_${library}_${kind}`, package: packageName, when: adapterCodeTexts[kind] }))
}

export const packageCodes: readonly PackageCodeEntry[] = [
  { code: 'ENC_ERR_AJV_UNKNOWN_KEYWORD', package: '@enclave/ajv', when: 'A schema uses a keyword Ajv does not know (strict mode treats it as a probable typo).' },
  { code: 'ENC_ERR_AJV_ASYNC_SCHEMA', package: '@enclave/ajv', when: 'A schema declares `$async: true` while the server option `rejectAsyncSchemas` is on (the default of `enclave()`).' },
  { code: 'ENC_ERR_AJV_INVALID_SHARED_SCHEMA', package: '@enclave/ajv', when: 'A shared schema (addSchema) cannot be added to Ajv.' },
  { code: 'ENC_ERR_AJV_HTTP_PART', package: '@enclave/ajv', when: adapterCodeTexts.HTTP_PART },
  { code: 'ENC_ERR_AJV_INVALID_PLUGIN', package: '@enclave/ajv', when: 'An entry of the plugins option is neither an Ajv plugin function nor a [plugin, options] pair.' },
  ...adapterCodes('@enclave/zod', 'ZOD', ['NOT_A_SCHEMA', 'HEADER_CASE', 'HTTP_PART', 'RESPONSE_MISMATCH']),
  ...adapterCodes('@enclave/joi', 'JOI', ['NOT_A_SCHEMA', 'HEADER_CASE', 'HTTP_PART', 'INVALID_OPTIONS', 'ASYNC_RESPONSE', 'RESPONSE_MISMATCH']),
  ...adapterCodes('@enclave/yup', 'YUP', ['NOT_A_SCHEMA', 'HEADER_CASE', 'HTTP_PART', 'INVALID_OPTIONS', 'ASYNC_RESPONSE', 'RESPONSE_MISMATCH']),
  ...adapterCodes('@enclave/standard-schema', 'STANDARD_SCHEMA', ['NOT_A_SCHEMA', 'HEADER_CASE', 'HTTP_PART', 'ASYNC_RESPONSE', 'RESPONSE_MISMATCH']),
  { code: 'ENC_ERR_PLUGIN_INVALID', package: '@enclave/plugin', when: 'The wrapper was given something other than a plugin function.' },
  { code: 'ENC_ERR_PLUGIN_INVALID_OPTIONS', package: '@enclave/plugin', when: "The wrapper's metadata is neither a string (version range) nor an object." },
  { code: 'ENC_ERR_PLUGIN_INVALID_NAME', package: '@enclave/plugin', when: "The metadata's name is not a string." },
  { code: 'ENC_ERR_PLUGIN_INVALID_VERSION', package: '@enclave/plugin', when: 'A version range in the metadata is not a string.' },
  { code: 'FST_BEARER_AUTH_INVALID_KEYS_OPTION_TYPE', package: '@enclave/bearer-auth', when: 'options.keys is neither an array nor a Set (as @fastify/bearer-auth).' },
  { code: 'FST_BEARER_AUTH_KEYS_OPTION_INVALID_KEY_TYPE', package: '@enclave/bearer-auth', when: 'options.keys holds something other than strings (as @fastify/bearer-auth).' },
  { code: 'FST_BEARER_AUTH_INVALID_SPEC', package: '@enclave/bearer-auth', when: "options.specCompliance is neither 'rfc6750' nor 'rfc6749' (as @fastify/bearer-auth)." },
  { code: 'FST_BEARER_AUTH_INVALID_HOOK', package: '@enclave/bearer-auth', when: 'options.addHook is not a boolean or a request hook name (as @fastify/bearer-auth).' },
  { code: 'FST_BEARER_AUTH_INVALID_LOG_LEVEL', package: '@enclave/bearer-auth', when: 'options.verifyErrorLogLevel names a level the logger does not have (as @fastify/bearer-auth).' },
  { code: 'ENC_ERR_BEARER_AUTH_UNUSABLE_KEY', package: '@enclave/bearer-auth', when: 'A key can never match a request (empty, surrounding whitespace, not printable ASCII); named by position only.' },
  { code: 'ENC_ERR_BEARER_AUTH_INVALID_OPTION', package: '@enclave/bearer-auth', when: 'Another option has the wrong type or value.' },
  { code: 'FST_BEARER_AUTH_MISSING_AUTHORIZATION_HEADER', package: '@enclave/bearer-auth', when: 'A request has no Authorization header (401).' },
  { code: 'FST_BEARER_AUTH_INVALID_AUTHORIZATION_HEADER', package: '@enclave/bearer-auth', when: 'A request has a malformed or unknown bearer token (401).' },
  { code: 'ENC_ERR_BEARER_AUTH_INTERNAL', package: '@enclave/bearer-auth', when: 'The auth function failed; the client gets a generic 500 and the cause is logged.' },
  { code: 'ENC_ERR_ERROR_MESSAGE_INVALID_OPTION', package: '@enclave/error-message', when: 'An option has the wrong type or value (at register).' },
  { code: 'ENC_ERR_ERROR_MESSAGE_AJV_SETUP', package: '@enclave/error-message', when: 'Ajv could not be built with these options (at register).' },
  { code: 'ENC_ERR_ERROR_MESSAGE_MISSING_REF', package: '@enclave/error-message', when: 'A $ref could not be resolved (at ready()), most often a shared schema of a context created before the plugin was registered.' }
]
