// listen(), close() and the logging API typed as Fastify 4 types them. Checked by tsc, never run.
import enclave, { type EnclaveLogger } from '@enclave/core'
import type { IncomingMessage } from 'node:http'
import { assertType, type Equal } from './expect.js'

const app = enclave({
  http: { connectionsCheckingInterval: 500 },
  childLoggerFactory (logger, bindings, options, raw) {
    assertType<Equal<typeof raw, IncomingMessage>>()
    return logger.child({ ...bindings, path: raw.url }, options)
  }
})

const address: Promise<string> = app.listen({ port: 3000, host: '127.0.0.1', listenTextResolver: (at) => `up at ${at}` })
app.listen({ path: '/tmp/app.sock' }, (error, at) => { assertType<Equal<typeof error, Error | null>>(); void at })
app.listen((error, at) => { void error; void at })
// The deprecated positional forms still type-check (they warn FSTDEP011 at run time).
const positional: Promise<string> = app.listen(3000, '127.0.0.1')
app.listen('3000', '0.0.0.0', 511, (error) => { void error })
void address
void positional

app.get('/me', { logLevel: 'warn', logSerializers: { user: (user: { name: string }) => user.name } }, async () => 'ok')
app.register(async (plugin) => {
  plugin.setGenReqId((raw) => String(raw.headers['x-id']))
  plugin.setChildLoggerFactory(function (logger, bindings, options) {
    return logger.child(bindings, options)
  })
  const generate: (raw: IncomingMessage) => string = plugin.genReqId
  const factory: (logger: EnclaveLogger, bindings: Record<string, unknown>, options: Record<string, unknown>, raw: IncomingMessage) => EnclaveLogger = plugin.childLoggerFactory
  void generate
  void factory
}, { logSerializers: { user: (user: { name: string }) => user.name } })

const closed: Promise<void> = app.close()
void closed
// `await using app = enclave()`: Fastify 4.29 types it too.
const disposed: Promise<void> = app[Symbol.asyncDispose]()
void disposed
// Fastify's text parser is callback style, as its FastifyBodyParser<string> type says.
app.addContentTypeParser('text/html', { parseAs: 'string' }, app.defaultTextParser)
app.defaultTextParser({} as never, 'text', (error, body) => { assertType<Equal<typeof error, Error | null>>(); void body })
// @ts-expect-error listen() takes a port number, a string or options, not a boolean
void app.listen(true)
