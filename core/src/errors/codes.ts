import { createError, type EnclaveErrorClass } from './create-error.js'

/**
 * The error catalogue: every error core throws or answers with. Codes are Fastify v4's where the
 * behaviour matches (so `err.code` checks written for Fastify keep working), `ENC_ERR_*` where
 * Enclave behaves differently or has no Fastify counterpart. `docs/reference/errors.md` is generated
 * from this list and a test keeps the two in step.
 */
interface CatalogueEntry {
  code: string
  statusCode?: number
  message: string
  type?: 'TypeError' | 'RangeError' | 'URIError'
  /** When it happens; shown in docs/reference/errors.md. */
  when: string
}

export const catalogue = [
  // server options
  { code: 'FST_ERR_OPTIONS_NOT_OBJ', message: 'Options must be an object', type: 'TypeError', when: 'enclave() was given something other than an object; any falsy value (`false`, `0`, `\'\'`, `NaN`) is read as no options, as in Fastify.' },
  { code: 'FST_ERR_INIT_OPTS_INVALID', message: "Invalid initialization options: '%s'", when: 'A server option has a value of the wrong type (unknown options are ignored, as in Fastify). For the options in Fastify\'s schema the message is Fastify\'s (`["must be boolean"]`); for the others it names the option and what was expected.' },
  { code: 'FST_ERR_QSP_NOT_FN', message: "querystringParser option should be a function, instead got '%s'", type: 'TypeError', when: 'The querystringParser option is not a function.' },
  { code: 'FST_ERR_FORCE_CLOSE_CONNECTIONS_IDLE_NOT_AVAILABLE', statusCode: 500, message: "Cannot set forceCloseConnections to 'idle' as your HTTP server does not support closeIdleConnections method", when: "forceCloseConnections: 'idle' with a server that cannot close idle connections (an HTTP/2 server, or a serverFactory's server without closeIdleConnections)." },
  { code: 'FST_ERR_SCHEMA_ERROR_FORMATTER_NOT_FN', message: "schemaErrorFormatter option should be a non async function. Instead got '%s'.", type: 'TypeError', when: 'The schemaErrorFormatter option, the route option or setSchemaErrorFormatter was given something other than a synchronous function.' },
  { code: 'ENC_ERR_SCHEMA_ERROR_FORMATTER_RESULT', statusCode: 500, message: 'The schema error formatter must synchronously return an Error, instead it returned %s', when: 'A schemaErrorFormatter returned something other than an Error (a string, a promise…) for a failed validation; the request answers 500 instead of 400.' },
  { code: 'FST_ERR_AJV_CUSTOM_OPTIONS_OPT_NOT_OBJ', message: "ajv.customOptions option should be an object, instead got '%s'", type: 'TypeError', when: 'The ajv.customOptions (validator.customOptions) option is not an object.' },
  { code: 'FST_ERR_AJV_CUSTOM_OPTIONS_OPT_NOT_ARR', message: "ajv.plugins option should be an array, instead got '%s'", type: 'TypeError', when: 'The ajv.plugins (validator.plugins) option is not an array.' },
  { code: 'FST_ERR_LOG_INVALID_LOGGER', message: "Invalid logger object provided. The logger instance should have these functions(s): '%s'.", type: 'TypeError', when: 'The logger option is an object that lacks the pino methods, or a childLoggerFactory returns no logger (the request fails where it is dispatched; inject() throws it).' },
  { code: 'FST_ERR_LOG_INVALID_LOGGER_CONFIG', message: 'logger options only accepts a configuration object.', type: 'TypeError', when: 'Fastify 5 face: the `logger` option is a logger instance; an instance goes in `loggerInstance`.' },
  { code: 'FST_ERR_LOG_INVALID_LOGGER_INSTANCE', message: 'loggerInstance only accepts a logger instance.', type: 'TypeError', when: 'The `loggerInstance` option is not an object (enclave() and the Fastify 5 face).' },
  { code: 'FST_ERR_LOG_LOGGER_AND_LOGGER_INSTANCE_PROVIDED', message: 'You cannot provide both logger and loggerInstance. Please provide only one.', type: 'TypeError', when: 'Both `logger` (enabled) and `loggerInstance` were given (enclave() and the Fastify 5 face).' },
  { code: 'FST_ERR_LOG_INVALID_LOG_CONTROLLER', message: "logController option must be an instance of LogController, got '%s'.", type: 'TypeError', when: 'The `logController` option is not an instance of LogController (enclave() and the Fastify 5 face).' },
  { code: 'FST_ERR_LOG_INVALID_DESTINATION', message: 'Cannot specify both logger.stream and logger.file options', when: 'The logger option names both a stream and a file to write to.' },
  // content-type parsers
  { code: 'FST_ERR_CTP_ALREADY_PRESENT', message: "Content type parser '%s' already present.", when: 'addContentTypeParser for a type this context already parses.' },
  { code: 'FST_ERR_CTP_INVALID_TYPE', message: 'The content type should be a string or a RegExp', type: 'TypeError', when: 'addContentTypeParser was given a content type that is neither a string, an array of strings nor a RegExp.' },
  { code: 'FST_ERR_CTP_EMPTY_TYPE', message: 'The content type cannot be an empty string', type: 'TypeError', when: 'addContentTypeParser was given an empty content type.' },
  { code: 'FST_ERR_CTP_INVALID_HANDLER', message: 'The content type handler should be a function', type: 'TypeError', when: 'addContentTypeParser was given a parser that is not a function.' },
  { code: 'FST_ERR_CTP_INVALID_PARSE_TYPE', message: "The body parser can only parse your data as 'string' or 'buffer', you asked '%s' which is not supported.", type: 'TypeError', when: "addContentTypeParser's parseAs is neither 'string' nor 'buffer'." },
  { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413, message: 'Request body is too large', type: 'RangeError', when: 'The request body (declared or received) exceeds bodyLimit. The body is not buffered past the limit.' },
  { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415, message: 'Unsupported Media Type: %s', when: 'The request has a body whose content type no parser in the route\'s context accepts (or no content type at all), or whose media type is malformed (`application/json\\ta`, `application/json garbage`): that one is refused even by a `*` catch-all parser.' },
  { code: 'FST_ERR_CTP_INVALID_CONTENT_LENGTH', statusCode: 400, message: 'Request body size did not match Content-Length', type: 'RangeError', when: 'The body ended before or after the length its Content-Length header declared.' },
  { code: 'FST_ERR_CTP_EMPTY_JSON_BODY', statusCode: 400, message: "Body cannot be empty when content-type is set to 'application/json'", when: 'A request declared a JSON body and sent none.' },
  { code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400, message: "Body is not valid JSON but content-type is set to 'application/json'", when: 'With genericJsonParseErrors (the enclave() default): the JSON body cannot be parsed — malformed, truncated, not UTF-8, containing a forbidden __proto__/constructor.prototype, or nested deeper than jsonNestingLimit. On @enclave/fastify (as Fastify 5): the body, decoded as UTF-8, does not parse. The message never carries parser internals. Otherwise (Fastify 4) the SyntaxError is answered as a 400 with its own message and no code.' },
  { code: 'FST_ERR_CTP_INSTANCE_ALREADY_STARTED', statusCode: 400, message: 'Cannot call "%s" when fastify instance is already started!', when: 'A content-type parser was added or removed after ready().' },
  // decorators
  { code: 'FST_ERR_DEC_ALREADY_PRESENT', message: "The decorator '%s' has already been added!", when: 'decorate/decorateRequest/decorateReply with a name that is already visible in this context.' },
  { code: 'FST_ERR_DEC_DEPENDENCY_INVALID_TYPE', message: "The dependencies of decorator '%s' must be of type Array.", type: 'TypeError', when: 'The dependency list of a decorator is not an array.' },
  { code: 'FST_ERR_DEC_MISSING_DEPENDENCY', message: "The decorator is missing dependency '%s'.", when: 'A decorator lists a dependency that is not decorated in this context.' },
  { code: 'FST_ERR_DEC_AFTER_START', message: "The decorator '%s' has been added after start!", when: 'A decorator was added after ready().' },
  { code: 'FST_ERR_DEC_REFERENCE_TYPE', message: "The decorator '%s' of type '%s' is a reference type. Use %s", when: 'decorateRequest/decorateReply with an object or array value, which every request would share. The advice: "null or the { getter, setter } interface instead, and set the value in a hook." (Fastify 5 face: "the { getter, setter } interface instead.", with the type `object` for an array too, as Fastify 5 says).' },
  { code: 'FST_ERR_DEC_UNDECLARED', message: "No decorator '%s' has been declared on %s.", when: 'getDecorator for a name that is not visible in this context.' },
  // hooks
  { code: 'FST_ERR_HOOK_INVALID_TYPE', message: 'The hook name must be a string', type: 'TypeError', when: 'addHook was given a non-string name.' },
  { code: 'FST_ERR_HOOK_INVALID_HANDLER', message: '%s hook should be a function, instead got %s', type: 'TypeError', when: 'addHook was given a non-function hook.' },
  { code: 'FST_ERR_HOOK_INVALID_ASYNC_HANDLER', message: "Async function has too many arguments. Async hooks should not use the 'done' argument.", type: 'TypeError', when: 'An async hook also declares the done callback: one hook must use one style.' },
  { code: 'FST_ERR_HOOK_NOT_SUPPORTED', message: '%s hook not supported!', type: 'TypeError', when: 'addHook with an unknown hook name.' },
  { code: 'FST_ERR_HOOK_TIMEOUT', message: "A callback for '%s' hook timed out. You may have forgotten to call 'done' function or to resolve a Promise", when: 'An onReady hook did not finish within pluginTimeout (a preClose hook that never finishes makes close() reject with avvio\'s own timeout error, `AVV_ERR_READY_TIMEOUT`, as in Fastify; that error, also this one\'s `cause`, holds the hook that did not finish as `fn`, bound to its instance). On the Fastify 5 face the message also names the hook function when it has a name: `hook "someHookName" timed out`.' },
  // reply
  { code: 'FST_ERR_REP_INVALID_PAYLOAD_TYPE', statusCode: 500, message: "Attempted to send payload of invalid type '%s'. Expected a string or Buffer.", type: 'TypeError', when: 'A non-JSON content type was set and the payload is neither a string, a Buffer nor a stream.' },
  { code: 'FST_ERR_REP_READABLE_STREAM_LOCKED', message: 'ReadableStream was locked. You should call releaseLock() method on reader before sending.', when: 'Fastify 5 face: reply.send() was given a Web ReadableStream (or a Response whose body is one) that a reader has locked; thrown to the caller of send().' },
  { code: 'FST_ERR_REP_ALREADY_SENT', message: 'Reply was already sent, did you forget to "return reply" in "%s" (%s)?', when: 'reply.send was called after the reply was sent; logged as a warning, never thrown at the client.' },
  { code: 'FST_ERR_REP_SENT_VALUE', message: 'The only possible value for reply.sent is true.', type: 'TypeError', when: 'reply.sent was set to something other than true.' },
  { code: 'ENC_ERR_REP_SEND_LOOP', statusCode: 500, message: 'reply.send() was called from the reply\'s own preSerialization or onSend hooks %s times: a hook that sends again whenever it runs would never let the reply go out', when: 'A preSerialization or onSend hook calls reply.send() each time it runs (as @fastify/cors 9 does for a preflight with `hook: \'onSend\'`): each call starts the send over, as in Fastify, and the sixteenth throws this to the hook, so the request ends on the error path (Fastify recurses until the stack overflows).' },
  { code: 'FST_ERR_SEND_INSIDE_ONERR', message: 'You cannot use `send` inside the `onError` hook', when: 'An onError hook tried to send.' },
  { code: 'FST_ERR_SEND_UNDEFINED_ERR', statusCode: 500, message: 'Undefined error has occurred', when: 'A hook (async, or returning a promise) rejected with a falsy value: null, undefined, false, 0 or an empty string.' },
  { code: 'FST_ERR_BAD_STATUS_CODE', statusCode: 500, message: 'Called reply with an invalid status code: %s', when: 'reply.code() with a value outside 100-599.' },
  { code: 'FST_ERR_FAILED_ERROR_SERIALIZATION', statusCode: 500, message: 'Failed to serialize an error. Error: %s. Original error: %s', when: 'The default error handler\'s payload did not fit the route\'s `4xx`/`5xx`/`default` response schema (a required property it lacks), or the error\'s `code` or `message` cannot be written as text (a value without `toString()`, or whose `toString()` throws; a `Date` that is invalid). Its payload has no `error` key, as in Fastify.' },
  { code: 'FST_ERR_MISSING_SERIALIZATION_FN', message: 'Missing serialization function. Key "%s"', when: 'reply.serializeInput(data, status) found no response schema for that status (exact code, Nxx class or default) on the route.' },
  { code: 'FST_ERR_MISSING_CONTENTTYPE_SERIALIZATION_FN', message: 'Missing serialization function. Key "%s:%s"', when: 'reply.serializeInput(data, status, contentType) found a response schema for the status but none for that media type.' },
  { code: 'ENC_ERR_PRE_PARSING_PAYLOAD', statusCode: 500, message: 'A preParsing hook must return a stream (or null to keep the request), instead it returned %s', when: 'A preParsing hook replaced the body stream with a value that is not a stream (a string, a number, a plain object) on a request with a body; Fastify 4.29 crashes the process there.' },
  { code: 'ENC_ERR_RESPONSE_VALIDATION', statusCode: 500, message: 'Response validation failed: %s', when: "With the responseValidation: 'throw' server option, the payload has data the default serializer would drop, coerce or fail on; the message lists the issues (path, kind, message) and error.issues holds them (up to 100). Meant for development and tests." },
  // schemas
  { code: 'FST_ERR_SCH_MISSING_ID', message: 'Missing schema $id property', when: 'addSchema with a schema that has no $id.' },
  { code: 'FST_ERR_SCH_ALREADY_PRESENT', message: "Schema with id '%s' already declared!", when: 'addSchema with an $id already visible in this context.' },
  { code: 'FST_ERR_SCH_CONTENT_MISSING_SCHEMA', message: "Schema is missing for the content type '%s'", when: 'A content-keyed schema entry has no schema.' },
  { code: 'FST_ERR_SCH_VALIDATION_BUILD', message: 'Failed building the validation schema for %s: %s, due to error %s', when: 'A request schema could not be compiled at ready(); names the route, the part and the cause.' },
  { code: 'FST_ERR_SCH_SERIALIZATION_BUILD', message: 'Failed building the serialization schema for %s: %s, due to error %s', when: 'A response schema could not be compiled at ready(); names the route, the status and the cause.' },
  { code: 'ENC_ERR_SCHEMA_NOT_PRECOMPILED', message: '%s was not compiled when the app was built: schemaCache.code has no code for it, and none is generated at run time. Build the app again (enclave-worker-build).', when: 'With `schemaCache: { code }` (an app built for Cloudflare Workers by enclave-worker-build): a schema the build step did not see (a route added only at run time, a schema changed since the build), or default-compiler options whose code no key describes (Ajv plugins or onCreate, options that are not plain JSON). At ready(), inside FST_ERR_SCH_VALIDATION_BUILD or FST_ERR_SCH_SERIALIZATION_BUILD, which name the route and the part; at enclave() for the options.' },
  { code: 'FST_ERR_SCH_RESPONSE_SCHEMA_NOT_NESTED_2XX', message: 'response schemas should be nested under a valid status code, e.g { 2xx: { type: "object" } }', when: 'A response schema key is not a status code, an Nxx class or default.' },
  { code: 'ENC_ERR_VALIDATOR_FAILED', statusCode: 500, message: 'The %s validator failed to complete', when: "A validation function threw or rejected instead of returning a result (for example an async rule whose database is down), with `validatorFailure: 'conceal'` (enclave()'s default). The cause is logged, never sent; the client gets a 500." },
  { code: 'FST_ERR_SCHEMA_CONTROLLER_BUCKET_OPT_NOT_FN', message: "schemaController.bucket option should be a function, instead got '%s'", type: 'TypeError', when: 'The schemaController.bucket option is not a function.' },
  { code: 'FST_ERR_VALIDATION', statusCode: 400, message: '%s', when: "A request part failed its schema. With `validationPayload: 'spec'` (enclave()'s default) the payload is {statusCode, error, message} (no code); with `'fastify'` it is Fastify's {statusCode, code, error, message}. The error carries validationContext, and validation (see docs/validation.md)." },
  // routes and router
  { code: 'FST_ERR_DUPLICATED_ROUTE', message: "Method '%s' already declared for route '%s'", when: 'The same method and path (and constraints) were declared twice.' },
  { code: 'FST_ERR_BAD_URL', statusCode: 400, message: "'%s' is not a valid url component", type: 'URIError', when: 'The request path holds a malformed percent-escape.' },
  { code: 'FST_ERR_INVALID_URL', statusCode: 400, message: "URL must be a string. Received '%s'", type: 'TypeError', when: 'A route path is not a string.' },
  { code: 'FST_ERR_ROUTE_OPTIONS_NOT_OBJ', message: 'Options for "%s:%s" route must be an object', type: 'TypeError', when: 'Route options are not an object.' },
  { code: 'FST_ERR_ROUTE_DUPLICATED_HANDLER', message: 'Duplicate handler for "%s:%s" route is not allowed!', when: 'A handler was given both in the options and as an argument.' },
  { code: 'FST_ERR_ROUTE_HANDLER_NOT_FN', message: 'Error Handler for %s:%s route, if defined, must be a function', type: 'TypeError', when: 'A route errorHandler that is not a function.' },
  { code: 'FST_ERR_ROUTE_MISSING_HANDLER', message: 'Missing handler function for "%s:%s" route.', when: 'A route without a handler.' },
  { code: 'FST_ERR_ROUTE_METHOD_INVALID', message: 'Provided method is invalid!', type: 'TypeError', when: 'A route method that is not a string.' },
  { code: 'FST_ERR_ROUTE_METHOD_NOT_SUPPORTED', message: '%s method is not supported.', when: 'A route method Node\'s HTTP parser does not know.' },
  { code: 'FST_ERR_ROUTE_BODY_VALIDATION_SCHEMA_NOT_SUPPORTED', message: 'Body validation schema for %s:%s route is not supported!', when: 'A GET or HEAD route declares a body schema (at ready()).' },
  { code: 'FST_ERR_ROUTE_BODY_LIMIT_OPTION_NOT_INT', message: "'bodyLimit' option must be an integer > 0. Got '%s'", type: 'TypeError', when: 'A route or parser bodyLimit that is not a positive integer.' },
  { code: 'FST_ERR_ROUTE_LOG_LEVEL_INVALID', message: "Log level for '%s:%s' route must be a valid logger level. Received: '%s'", type: 'TypeError', when: 'Fastify 5 face: a route\'s logLevel is not one of the logger\'s levels (checked when a logger is on).' },
  { code: 'FST_ERR_ROUTE_HANDLER_TIMEOUT_OPTION_NOT_INT', message: "'handlerTimeout' option must be an integer > 0. Got '%s'", type: 'TypeError', when: 'A route handlerTimeout that is not a positive integer (enclave() and the Fastify 5 face; Fastify 4 has no such option).' },
  { code: 'FST_ERR_HANDLER_TIMEOUT', statusCode: 503, message: "Request timed out after %s ms on route '%s'", when: 'The request was not answered within handlerTimeout (the server or route option): sent through the error handlers, and request.signal is aborted with it as the reason (enclave() and the Fastify 5 face).' },
  { code: 'FST_ERR_ROUTE_MISSING_CONTENT_TYPE', statusCode: 400, message: "Method '%s' must provide a 'Content-Type' header.", when: 'A QUERY request without a Content-Type header (its body is required to be typed).' },
  { code: 'FST_ERR_ROUTE_MISSING_CONTENT', statusCode: 400, message: "Method '%s' must provide a request body.", when: 'Kept for Fastify 5\'s catalogue; never raised (Fastify 5.12 no longer raises it either).' },
  { code: 'FST_ERR_NOT_FOUND', statusCode: 404, message: 'Not Found', when: 'No route matches the request (answered by the not-found handler, whose message is `Route <METHOD>:<url> not found`).' },
  { code: 'FST_ERR_ERROR_HANDLER_NOT_FN', message: 'Error Handler must be a function', type: 'TypeError', when: 'setErrorHandler with a non-function.' },
  { code: 'FST_ERR_ERROR_HANDLER_ALREADY_SET', message: "Error Handler already set in this scope. Set 'allowErrorHandlerOverride: true' to allow overriding.", type: 'TypeError', when: 'With `allowErrorHandlerOverride: false` (enclave() and the Fastify 5 face), setErrorHandler was called a second time in the same plugin context. With the option at its default (`true`) the Fastify 5 face replaces the handler and emits FSTWRN004.' },
  { code: 'FST_ERR_DEFAULT_ROUTE_INVALID_TYPE', message: 'The defaultRoute type should be a function', type: 'TypeError', when: 'setDefaultRoute was given something other than a function.' },
  { code: 'FST_ERR_MAX_PARAM_LENGTH', statusCode: 414, message: "'%s' is exceeding the max param length", type: 'URIError', when: 'With paramTooLongStatus: 414 (the enclave() default, as Fastify v5): a parametric route matched but a parameter exceeds maxParamLength. With 404 (Fastify 4) the request is answered by the not-found handler.' },
  // plugins and lifecycle
  { code: 'FST_ERR_PLUGIN_VERSION_MISMATCH', message: "fastify-plugin: %s - expected '%s' fastify version, '%s' is installed", when: 'A wrapped plugin declares a Fastify/Enclave version range the server does not satisfy.' },
  { code: 'FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE', message: "The decorator '%s'%s is not present in %s", when: 'A wrapped plugin lists a decorator (in decorators.fastify/request/reply) that is not visible where it is registered.' },
  { code: 'ENC_ERR_PLUGIN_ENCLAVE_VERSION_MISMATCH', message: "%s - expected '%s' Enclave version, '%s' is installed", when: 'A wrapped plugin declares an `enclave` version range (@enclave/plugin) the running Enclave does not satisfy.' },
  { code: 'FST_ERR_PLUGIN_NOT_VALID', message: 'fastify-plugin: %s', when: 'Kept for Fastify 4.29\'s catalogue; register() of a non-plugin throws AVV_ERR_PLUGIN_NOT_VALID, as Fastify does.' },
  { code: 'AVV_ERR_PLUGIN_NOT_VALID', message: "Plugin must be a function or a promise. Received: '%s'", when: 'register() was given something that is not a plugin (avvio\'s code, which Fastify 4.29 lets through).' },
  { code: 'FST_ERR_PLUGIN_TIMEOUT', message: 'fastify-plugin: %s', when: 'A plugin did not finish loading within pluginTimeout; names the plugin.' },
  { code: 'FST_ERR_INSTANCE_ALREADY_LISTENING', message: 'Fastify instance is already listening. %s', when: 'A route, hook, schema, compiler or handler was added after ready().' },
  { code: 'FST_ERR_REOPENED_CLOSE_SERVER', message: 'Fastify has already been closed and cannot be reopened', when: 'listen() after close().' },
  { code: 'ENC_ERR_FETCH_UNSUPPORTED', statusCode: 500, message: '%s cannot be sent through app.fetch() on %s: a Web Response has no place for it', when: 'Through app.fetch(), the app used what a Web Response cannot carry: `reply.raw.addTrailers()` (reply.trailer(): the body is sent, the trailers are dropped and this error is logged), `reply.raw.writeEarlyHints()` (thrown to the caller), or a status outside 200-599 (the promise app.fetch() returned rejects with it).' },
  { code: 'ENC_ERR_FETCH_NO_RESPONSE', statusCode: 500, message: 'The request was ended without a response', when: 'Through app.fetch(), the raw response was destroyed before its head was written (a plugin called `reply.raw.destroy()`, a rewriteUrl failure destroyed the request): the promise app.fetch() returned rejects with it, its `cause` the error the response was destroyed with. Also what a streamed body fails with when the response is destroyed midway without an error.' },
  { code: 'ENC_ERR_FETCH_INVALID_REQUEST', message: 'app.fetch() expects a Web Request, received %s', type: 'TypeError', when: 'app.fetch() was called with something other than a Web `Request` (an object with string `url` and `method` and a `headers` object): the promise it returns rejects with it.' },
  { code: 'ENC_ERR_NODE_MODULE_UNAVAILABLE', statusCode: 500, message: '%s needs Node\'s %s, which this runtime does not provide', when: 'Something that only a Node socket server needs (`listen()`, `app.server`) was used in a runtime without Node\'s built-in modules (a Worker without `nodejs_compat`): serve the app through `app.fetch()` there.' },
  { code: 'FST_ERR_REOPENED_SERVER', message: 'Fastify is already listening', when: 'listen() twice.' },
  { code: 'FST_ERR_LISTEN_OPTIONS_INVALID', message: "Invalid listen options: '%s'", type: 'TypeError', when: 'listen() options are not valid.' },
  // Fastify v4 codes, some not raised yet (core/test/error-catalogue-coverage.test.ts lists which and why); present so `errorCodes` has Fastify's keys
  { code: 'FST_ERR_VERSION_CONSTRAINT_NOT_STR', message: 'Version constraint should be a string.', type: 'TypeError', when: 'A route version constraint is not a string.' },
  { code: 'FST_ERR_MISSING_MIDDLEWARE', message: 'You must register a plugin for handling middlewares, visit fastify.dev/docs/latest/Reference/Middleware/ for more info.', when: 'use() was called without a middleware plugin (such as @fastify/middie or @fastify/express).' },
  { code: 'FST_ERR_REP_RESPONSE_BODY_CONSUMED', message: 'Response.body is already consumed.', when: 'reply.send() was given a web Response whose body was already read.' },
  { code: 'FST_ERR_BAD_TRAILER_NAME', message: 'Called reply.trailer with an invalid header name: %s', when: 'reply.trailer() with a header name trailers may not carry.' },
  { code: 'FST_ERR_BAD_TRAILER_VALUE', message: "Called reply.trailer('%s', fn) with an invalid type: %s. Expected a function.", when: 'reply.trailer() with a value that is not a function.' },
  { code: 'FST_ERR_REQ_INVALID_VALIDATION_INVOCATION', message: 'Invalid validation invocation. Missing validation function for HTTP part "%s" nor schema provided.', when: 'request.validateInput() for an HTTP part that has no schema, without a schema argument.' },
  { code: 'FST_ERR_SCH_DUPLICATE', message: "Schema with '%s' already present!", when: 'A route schema has both `querystring` and its alias `query`; ready() fails.' },
  { code: 'FST_ERR_HTTP2_INVALID_VERSION', message: 'HTTP2 is available only from node >= 8.8.1', when: 'Kept for Fastify compatibility; never raised on supported Node versions.' },
  { code: 'FST_ERR_ASYNC_CONSTRAINT', message: 'Unexpected error from async constraint', when: 'An asynchronous route constraint strategy failed.' },
  { code: 'FST_ERR_ROUTE_REWRITE_NOT_STR', message: 'Rewrite url for "%s" needs to be of type "string" but received "%s"', type: 'TypeError', when: 'rewriteUrl returned something other than a string: the request is destroyed with this error (the connection closes) and the URL is left as it was.' },
  { code: 'FST_ERR_PLUGIN_INVALID_ASYNC_HANDLER', message: 'The %s plugin being registered mixes async and callback styles. Async plugin should not mix async and callback style.', type: 'TypeError', when: 'Fastify 5 face: an async plugin also declares the `done` callback; ready() fails (Fastify 4.29 and enclave() load it and warn FSTWRN002).' },
  { code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED', message: "The dependency '%s' of plugin '%s' is not registered", when: 'Fastify 5 face: a wrapped plugin lists a dependency (in dependencies) that is not registered where it is; ready() fails (Fastify 4.29 and enclave() answer an AssertionError with the same message).' },
  { code: 'FST_ERR_PLUGIN_CALLBACK_NOT_FN', message: 'fastify-plugin: %s', type: 'TypeError', when: 'A plugin callback is not a function.' },
  { code: 'FST_ERR_ROOT_PLG_BOOTED', message: 'fastify-plugin: %s', when: 'register() on the root after it booted.' },
  { code: 'FST_ERR_PARENT_PLUGIN_BOOTED', message: 'fastify-plugin: %s', when: 'register() inside a plugin that has already booted.' }
] as const satisfies readonly CatalogueEntry[]

export type ErrorCode = typeof catalogue[number]['code']

function buildErrorClasses (): Record<ErrorCode, EnclaveErrorClass> {
  const classes = {} as Record<ErrorCode, EnclaveErrorClass>
  for (const entry of catalogue as readonly CatalogueEntry[]) {
    const Base = entry.type === 'TypeError' ? TypeError : entry.type === 'RangeError' ? RangeError : entry.type === 'URIError' ? URIError : Error
    classes[entry.code as ErrorCode] = createError(entry.code, entry.message, entry.statusCode, Base)
  }
  return classes
}

/**
 * Codes Fastify 4.29's `errorCodes` does not have (Fastify 5's additions, and avvio's own code): the v4
 * face's module leaves them out, so code that feature-tests `'FST_ERR_…' in errorCodes` sees 4.29's
 * answer. The core still throws them where an option of its own asks for them.
 */
export const notInFastify4Catalogue: readonly ErrorCode[] = [
  'FST_ERR_LOG_INVALID_LOGGER_CONFIG', 'FST_ERR_LOG_INVALID_LOGGER_INSTANCE', 'FST_ERR_LOG_LOGGER_AND_LOGGER_INSTANCE_PROVIDED',
  'FST_ERR_LOG_INVALID_LOG_CONTROLLER', 'FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_DEC_REFERENCE_TYPE', 'FST_ERR_DEC_UNDECLARED',
  'FST_ERR_REP_READABLE_STREAM_LOCKED', 'FST_ERR_ROUTE_LOG_LEVEL_INVALID', 'FST_ERR_ROUTE_HANDLER_TIMEOUT_OPTION_NOT_INT',
  'FST_ERR_HANDLER_TIMEOUT', 'FST_ERR_ROUTE_MISSING_CONTENT_TYPE', 'FST_ERR_ROUTE_MISSING_CONTENT', 'FST_ERR_ERROR_HANDLER_ALREADY_SET',
  'FST_ERR_MAX_PARAM_LENGTH', 'FST_ERR_PLUGIN_INVALID_ASYNC_HANDLER', 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED', 'AVV_ERR_PLUGIN_NOT_VALID'
]

/** `errorCodes.FST_ERR_X` is a constructor: `new errorCodes.FST_ERR_X(...args)` or `errorCodes.FST_ERR_X(...args)`. */
export const errorCodes: Readonly<Record<ErrorCode, EnclaveErrorClass>> = Object.freeze(buildErrorClasses())
