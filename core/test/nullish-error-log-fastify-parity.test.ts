import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/** A handler that throws null or undefined: the answer, and what the default error handler logs. */
async function observe (factory: Factory): Promise<string[]> {
  const seen: string[] = []
  const app = factory({ logger: { level: 'info', stream: { write: (line: string) => { const entry = JSON.parse(line); if (!/incoming request|request completed/.test(entry.msg)) seen.push(`${String(entry.level)} ${String(entry.msg)}`) } } } })
  app.get('/null', async () => { throw null }) // eslint-disable-line no-throw-literal
  app.get('/undefined', async () => { throw undefined }) // eslint-disable-line no-throw-literal
  app.get('/status-set', async (_request: unknown, reply: any) => { reply.code(418); throw null }) // eslint-disable-line no-throw-literal
  app.get('/status-201', async (_request: unknown, reply: any) => { reply.code(201); throw undefined }) // eslint-disable-line no-throw-literal
  app.get('/status-503', async (_request: unknown, reply: any) => { reply.code(503); throw null }) // eslint-disable-line no-throw-literal
  for (const url of ['/null', '/undefined', '/status-set', '/status-201', '/status-503']) {
    const response = await app.inject(url)
    seen.push(`${url} ${String(response.statusCode)} ${String(response.headers['content-type'])} ${response.body}`)
  }
  await app.close()
  return seen
}

t.test('a thrown null or undefined: answered and logged as in Fastify (4.29 answers unlogged unless the route chose a status)', async (t) => {
  const [fastify4, enclaveEntry, face4] = faces
  const baseline4 = await observe(fastify4![1])
  t.notOk(baseline4.slice(0, 2).some((line) => line.startsWith('50 ')), `${fastify4![0]} logs no error when the route chose no status`)
  t.same(await observe(face4![1]), baseline4, `${face4![0]} as ${fastify4![0]}`)
  t.same(await observe(enclaveEntry![1]), baseline4, `${enclaveEntry![0]} as ${fastify4![0]}`)
  const [[v5Name, fastify5], [face5Name, face5]] = fastify5Faces
  t.same(await observe(face5), await observe(fastify5), `${face5Name} as ${v5Name}`)
})
