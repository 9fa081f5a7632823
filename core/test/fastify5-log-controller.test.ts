import { test } from 'tap'
import { Writable } from 'node:stream'
import Fastify5 from 'fastify5'
import enclaveModule from '@enclave/core'
import { LogController as CoreLogController } from '@enclave/core/internal'
import { fastify5Faces, enclaveFaces, type Factory } from './fixtures/faces.js'

const [[, enclave], [, v4face]] = enclaveFaces
const controllerClasses: Record<string, any> = {
  'fastify@5.12.8': (Fastify5 as any).LogController,
  '@enclave/fastify (v5)': CoreLogController,
  'enclave()': (enclaveModule as any).LogController
}

function logSink (): { lines: any[], stream: Writable } {
  const lines: any[] = []
  const stream = new Writable({
    write (chunk, _encoding, callback) {
      const { msg, customField, traceId, reqId, level } = JSON.parse(chunk.toString())
      lines.push({ msg, level, customField, traceId, reqId })
      callback()
    }
  })
  return { lines, stream }
}

for (const [name, factory] of [...fastify5Faces, ['enclave()', enclave] as [string, Factory]]) {
  const LogController = controllerClasses[name]

  test(`${name}: a LogController subclass writes the per-request lines`, async (t) => {
    t.equal(typeof LogController, 'function', 'exported by the module')
    const sink = logSink()
    class Custom extends LogController {
      constructor () {
        super({ requestIdLogLabel: 'traceId', disableRequestLogging: (request: any) => request.url === '/health' })
      }

      incomingRequest (request: any): void {
        request.log.debug({ req: request }, 'incoming request')
      }

      requestCompleted (error: unknown, request: any, reply: any): void {
        if (this.isLogDisabled(request)) return
        reply.log.info({ customField: 'value' }, error ? 'errored' : 'completed')
      }

      routeNotFound (request: any): void {
        request.log.warn(`no ${String(request.url)}`)
      }
    }
    const app = factory({ logger: { stream: sink.stream, level: 'info' }, logController: new Custom() })
    app.get('/health', () => 'ok')
    app.get('/fail', () => { throw new Error('boom') })
    app.get('/ok', () => 'ok')
    await app.inject('/health')
    t.same(sink.lines, [], 'isLogDisabled() silences a request')
    await app.inject('/ok')
    await app.inject('/missing')
    await app.inject('/fail')
    t.same(sink.lines, [
      { msg: 'completed', level: 30, customField: 'value', traceId: 'req-2', reqId: undefined },
      { msg: 'no /missing', level: 40, customField: undefined, traceId: 'req-3', reqId: undefined },
      { msg: 'completed', level: 30, customField: 'value', traceId: 'req-3', reqId: undefined },
      { msg: 'boom', level: 50, customField: undefined, traceId: 'req-4', reqId: undefined },
      { msg: 'completed', level: 30, customField: 'value', traceId: 'req-4', reqId: undefined }
    ], 'the overridden methods write the lines; defaultErrorLog keeps its own; the id under requestIdLogLabel')
    if (name !== 'enclave()') {
      t.equal(app.initialConfig.requestIdLogLabel, 'reqId', 'initialConfig shows the options as given')
      t.equal(app.initialConfig.disableRequestLogging, false)
    }
    await app.close()
  })

  test(`${name}: logController must be a LogController`, async (t) => {
    for (const value of [{}, 'yes', { isLogDisabled: () => true }]) {
      t.throws(() => factory({ logController: value }), {
        code: 'FST_ERR_LOG_INVALID_LOG_CONTROLLER',
        message: `logController option must be an instance of LogController, got '${typeof value}'.`,
        statusCode: 500
      })
    }
    const plain = new LogController()
    t.same([plain.disableRequestLogging, plain.requestIdLogLabel, plain.isLogDisabled({})], [false, 'reqId', false])
  })
}

test('@enclave/fastify4 ignores logController, as Fastify 4.29 has no such option', async (t) => {
  const sink = logSink()
  const app = v4face({ logger: { stream: sink.stream }, logController: { not: 'a controller' } })
  app.get('/', () => 'ok')
  await app.inject('/')
  t.same(sink.lines.map((line) => line.msg), ['incoming request', 'request completed'])
  await app.close()
})
