// Hooks typed by name, with the instance's decorations. Checked by tsc, never run.
import enclave, { type EnclaveHandledError, type EnclaveReply, type EnclaveRequest } from '@enclave/core'
import { assertType, type Equal } from './expect.js'

interface Session { id: string }
const app = enclave().decorateRequest('session', null as Session | null).decorate('version', '1.0')

app.addHook('onRequest', async function loadSession (request, reply) {
  assertType<Equal<typeof request.session, Session | null>>()
  // An instance hook sees every route: no part is typed.
  assertType<Equal<typeof request.body, unknown>>()
  const version: string = this.version
  reply.header('x-version', version)
})
app.addHook('preHandler', (request, _reply, done) => {
  request.session = { id: 'x' }
  done()
})
app.addHook('onSend', async (_request, _reply, payload) => {
  assertType<Equal<typeof payload, unknown>>()
  return payload
})
app.addHook('onSend', (_request, _reply, payload, done) => { done(null, payload) })
app.addHook('onError', async (_request, _reply, error) => {
  assertType<Equal<typeof error, EnclaveHandledError>>()
  const code: string = error.code
  return code
})
app.addHook('onRequestAbort', async (request) => { request.log.info('aborted') })
app.addHook('onRoute', (routeOptions) => {
  const url: string = routeOptions.url
  const method: string | string[] = routeOptions.method
  return [url, method]
})
app.addHook('onRegister', (instance) => { instance.log.info(instance.version) })
app.addHook('onReady', async function ready () { this.log.info(this.version) })
app.addHook('onClose', (instance, done) => { instance.log.info('closing'); done() })

// Hooks written apart from the app, with Enclave's request and reply types.
function audit (request: EnclaveRequest, reply: EnclaveReply, done: () => void): void {
  request.log.info({ status: reply.statusCode })
  done()
}
app.addHook('onResponse', audit)

// @ts-expect-error not a hook of Enclave (nor of Fastify)
app.addHook('onBefore', async () => {})
// @ts-expect-error a preHandler's second parameter is the reply
app.addHook('preHandler', async (_request, reply: string) => reply)
// A name only known at run time is accepted, and checked when the hook is added.
const name: string = process.env.HOOK ?? 'onRequest'
app.addHook(name, async () => {})

// The error handler sees decorations too; errors default to Enclave's error shape.
app.setErrorHandler(async function handle (error, request, reply) {
  const status: number | undefined = error.statusCode
  const session: Session | null = request.session
  return reply.code(status ?? 500).send({ message: error.message, session })
})
app.setErrorHandler<Error & { detail: string }>(async (error) => error.detail)
app.setNotFoundHandler(async (request, reply) => reply.code(404).send({ missing: request.url }))
