import t from 'tap'
import enclave from '@enclave/core'
import { faces } from './fixtures/faces.js'

function lineCollector () {
  const lines: Array<Record<string, any>> = []
  return { lines, stream: { write: (line: string) => { lines.push(JSON.parse(line)) } } }
}

t.test('request ids default to req-1, req-2 … per instance', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', async (request) => request.id)
  t.equal((await app.inject('/')).body, 'req-1')
  t.equal((await app.inject('/')).body, 'req-2')
  const other = enclave()
  t.teardown(() => other.close())
  other.get('/', async (request) => request.id)
  t.equal((await other.inject('/')).body, 'req-1', 'a second instance counts on its own')
})

t.test('default ids count in base 36 past every carry (req-z, req-10, req-zz, req-100), as fastify@4.29.1', async (t) => {
  const ids: Record<string, string[]> = {}
  for (const [name, factory] of faces) {
    const app = factory({ logger: false })
    const seen: string[] = []
    app.get('/', function (request: { id: string }, reply: { send: (value: string) => void }) { seen.push(request.id); reply.send('') })
    await app.ready()
    for (let i = 0; i < 1300; i++) await app.inject('/')
    await app.close()
    ids[name] = seen
  }
  const expected = Array.from({ length: 1300 }, (_, i) => 'req-' + (i + 1).toString(36))
  t.same(ids['fastify@4.29.1'], expected, 'fastify@4.29.1 counts so')
  t.same(ids['enclave()'], expected, 'enclave()')
  t.same(ids['@enclave/fastify4'], expected, '@enclave/fastify4')
  t.equal(expected[35], 'req-10')
  t.equal(expected[1295], 'req-100')
})

t.test('the request-id header is used by default on @enclave/fastify4 when present and non-empty; enclave() ignores it', async (t) => {
  for (const [name, factory] of faces) {
    const app = factory()
    t.teardown(() => app.close())
    app.get('/', async (request: { id: string }) => request.id)
    const given = (await app.inject({ url: '/', headers: { 'request-id': 'from-client' } })).body
    if (name === 'enclave()') t.equal(given, 'req-1', name)
    else t.equal(given, 'from-client', name)
    t.match((await app.inject({ url: '/', headers: { 'request-id': '' } })).body, /^req-/, name)
  }
  const optedIn = enclave({ requestIdHeader: 'request-id' })
  t.teardown(() => optedIn.close())
  optedIn.get('/', async (request) => request.id)
  t.equal((await optedIn.inject({ url: '/', headers: { 'request-id': 'from-client' } })).body, 'from-client', "enclave({ requestIdHeader: 'request-id' })")
})

t.test('requestIdHeader names another header (case-insensitive)', async (t) => {
  const app = enclave({ requestIdHeader: 'X-Trace-Id' })
  t.teardown(() => app.close())
  app.get('/', async (request) => request.id)
  t.equal((await app.inject({ url: '/', headers: { 'x-trace-id': 'trace-9' } })).body, 'trace-9')
  t.match((await app.inject({ url: '/', headers: { 'request-id': 'ignored' } })).body, /^req-/)
})

t.test('requestIdHeader: false never trusts a client-supplied id', async (t) => {
  const app = enclave({ requestIdHeader: false })
  t.teardown(() => app.close())
  app.get('/', async (request) => request.id)
  t.equal((await app.inject({ url: '/', headers: { 'request-id': 'from-client' } })).body, 'req-1')
})

t.test('genReqId generates ids from the raw request; a header named by requestIdHeader still wins when present', async (t) => {
  let counter = 0
  const app = enclave({
    requestIdHeader: 'request-id',
    genReqId (raw) {
      counter++
      return `${String(raw.method)}-${counter}`
    }
  })
  t.teardown(() => app.close())
  app.post('/', async (request) => request.id)
  t.equal((await app.inject({ method: 'POST', url: '/' })).body, 'POST-1')
  t.equal((await app.inject({ method: 'POST', url: '/', headers: { 'request-id': 'given' } })).body, 'given')
  t.equal(counter, 1, 'genReqId is not called when the header supplies the id')
})

t.test('not-found requests get ids too', async (t) => {
  const app = enclave({ genReqId: () => 'nf-id' })
  t.teardown(() => app.close())
  app.setNotFoundHandler(async (request, reply) => { reply.code(404); return { id: request.id } })
  const response = await app.inject('/nowhere')
  t.equal(response.statusCode, 404)
  t.same(response.json(), { id: 'nf-id' })
})

t.test('requestIdLogLabel names the id in every request log line', async (t) => {
  const { lines, stream } = lineCollector()
  const app = enclave({ logger: { stream, level: 'info' }, requestIdLogLabel: 'traceId', genReqId: () => 'abc' })
  t.teardown(() => app.close())
  app.get('/', async (request) => { request.log.info('inside'); return 'ok' })
  await app.inject('/')
  const requestLines = lines.filter((line) => ['incoming request', 'inside', 'request completed'].includes(line.msg))
  t.equal(requestLines.length, 3)
  for (const line of requestLines) {
    t.equal(line.traceId, 'abc', line.msg)
    t.notOk('reqId' in line)
  }
})

t.test('the default log label is reqId', async (t) => {
  const { lines, stream } = lineCollector()
  const app = enclave({ logger: { stream, level: 'info' }, requestIdHeader: 'request-id' })
  t.teardown(() => app.close())
  app.get('/', async () => 'ok')
  await app.inject({ url: '/', headers: { 'request-id': 'r-7' } })
  t.ok(lines.some((line) => line.msg === 'incoming request' && line.reqId === 'r-7'))
})
