import { test } from 'tap'
import { Writable } from 'node:stream'
import { fastify5Faces, enclaveFaces } from './fixtures/faces.js'

function logSink (): { lines: string[], stream: Writable } {
  const lines: string[] = []
  const stream = new Writable({
    write (chunk, encoding, callback) {
      lines.push(JSON.parse(chunk.toString()).msg)
      callback()
    }
  })
  return { lines, stream }
}

const [[, enclave], [, v4face]] = enclaveFaces

for (const [name, factory] of [...fastify5Faces, ['enclave()', enclave] as const]) {
  test(`${name}: disableRequestLogging as a function decides each request line from the request`, async (t) => {
    const sink = logSink()
    const asked: unknown[] = []
    const app = factory({
      logger: { stream: sink.stream },
      disableRequestLogging: (request: any) => {
        asked.push(typeof request.routeOptions)
        return request.url === '/quiet'
      }
    })
    app.get('/quiet', () => 'q')
    app.get('/quiet-error', () => { throw new Error('kept') })
    app.get('/loud', () => 'l')
    await app.inject('/quiet')
    t.same(sink.lines, [], 'nothing for the silenced request')
    await app.inject('/loud')
    await app.inject('/missing')
    await app.inject('/quiet-error')
    t.same(sink.lines, ['incoming request', 'request completed', 'incoming request', 'Route GET:/missing not found', 'request completed', 'incoming request', 'kept', 'request completed'])
    t.equal(asked.length, 10, 'asked once for each line')
    t.ok(asked.every((kind) => kind === 'object'), 'with the framework request')
    await app.close()
  })
}

test('the Fastify 4 face refuses a function, as Fastify 4.29 does', async (t) => {
  t.throws(() => v4face({ disableRequestLogging: () => true }), { code: 'FST_ERR_INIT_OPTS_INVALID', message: 'Invalid initialization options: \'["must be boolean"]\'' })
})
