// @fastify/otel 0.21 (OpenTelemetry instrumentation, Fastify 5) on fastify@5.12.8 and on
// @enclave/fastify, with a tracer provider that records the spans it is asked for: the plugin wraps
// every route handler and hook (callback-style hooks included, which its wrappers hand `done`), so
// each request has its request span and one span per hook and handler, named after them, with the
// route's attributes; a failing handler's span records the error; `config: { otel: false }` skips a
// route; `request.opentelemetry()` exposes the request's span to the handler.
import t from 'tap'
import { FastifyOtelInstrumentation } from '@fastify5/otel'
import { onFastify5 } from '../helpers/fastify5.js'

interface Recorded { name: string, attributes: Record<string, unknown>, status?: { code: number }, exceptions: number, ended: boolean }

/** The part of OpenTelemetry's TracerProvider the instrumentation uses, keeping every span it starts. */
function recordingProvider (spans: Recorded[]): unknown {
  const tracer = {
    startSpan (name: string, options?: { attributes?: Record<string, unknown> }) {
      const recorded: Recorded = { name, attributes: { ...options?.attributes }, exceptions: 0, ended: false }
      spans.push(recorded)
      const span = {
        spanContext: () => ({ traceId: '0'.repeat(31) + '1', spanId: '0'.repeat(15) + String(spans.length % 10), traceFlags: 1 }),
        setAttribute (key: string, value: unknown) { recorded.attributes[key] = value; return span },
        setAttributes (values: Record<string, unknown>) { Object.assign(recorded.attributes, values); return span },
        setStatus (status: { code: number }) { recorded.status = status; return span },
        recordException () { recorded.exceptions++ },
        updateName (next: string) { recorded.name = next; return span },
        addEvent () { return span },
        addLink () { return span },
        addLinks () { return span },
        isRecording: () => true,
        end () { recorded.ended = true }
      }
      return span
    }
  }
  return { getTracer: () => tracer }
}

const spans: Recorded[] = []

onFastify5(t, async (fastify) => {
  spans.length = 0
  const instrumentation = new FastifyOtelInstrumentation()
  instrumentation.setTracerProvider(recordingProvider(spans) as never)
  const app = fastify()
  await app.register(instrumentation.plugin())
  app.addHook('onRequest', function stamp (request: any, _reply: any, done: () => void) {
    request.stamped = true
    done()
  })
  app.get('/items/:id', {
    preHandler: function guard (request: any, reply: any, done: () => void) {
      if (request.params.id === 'secret') reply.code(403).send({ denied: true })
      else done()
    }
  }, async function listItem (request: any) {
    return { id: request.params.id, stamped: request.stamped, traced: request.opentelemetry().span !== null }
  })
  app.get('/broken', async function broken () { throw new Error('boom') })
  app.get('/health', { config: { otel: false } }, async () => 'up')
  return app
}, async (t, app) => {
  t.test('a request gets its request span and one span per hook and handler', async (t) => {
    spans.length = 0
    const res = await app.inject('/items/7')
    t.equal(res.statusCode, 200)
    t.same(res.json(), { id: '7', stamped: true, traced: true })
    t.same(spans.map((span) => span.name), [
      'request',
      'onRequest - stamp',
      'preHandler - guard',
      'handler - listItem'
    ])
    t.ok(spans.every((span) => span.ended))
    t.match(spans[0]!.attributes, { 'http.route': '/items/:id', 'http.request.method': 'GET', 'http.response.status_code': 200 })
  })

  t.test('a hook that answers ends the chain and the request span has its status', async (t) => {
    spans.length = 0
    const res = await app.inject('/items/secret')
    t.equal(res.statusCode, 403)
    t.same(spans.map((span) => span.name), ['request', 'onRequest - stamp', 'preHandler - guard'])
    t.equal(spans[0]!.attributes['http.response.status_code'], 403)
  })

  t.test('a failing handler records the error on its span', async (t) => {
    spans.length = 0
    const res = await app.inject('/broken')
    t.equal(res.statusCode, 500)
    const handler = spans.find((span) => span.name === 'handler - broken')
    t.equal(handler?.status?.code, 2)
    t.equal(handler?.exceptions, 1)
  })

  t.test('a route with otel: false has no span', async (t) => {
    spans.length = 0
    const res = await app.inject('/health')
    t.equal(res.body, 'up')
    t.same(spans, [])
  })
})
