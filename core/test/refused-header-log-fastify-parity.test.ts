import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/**
 * A header Node refuses: the answer differs by design (the differences table: Enclave's last-resort
 * answer is well formed), but the log is Fastify's: the error at 50, then the refused head at 40.
 */
async function logOf (factory: Factory): Promise<string[]> {
  const seen: string[] = []
  const app = factory({ logger: { level: 'info', stream: { write: (line: string) => { const entry = JSON.parse(line); if (!/incoming request|request completed/.test(entry.msg)) seen.push(`${String(entry.level)} ${String(entry.err?.code)} ${String(entry.msg)}`) } } } })
  app.get('/', async (_request: unknown, reply: any) => { reply.header('x-bad', 'a\nb'); return 'x' })
  const response = await app.inject('/')
  seen.push(String(response.statusCode))
  await app.close()
  return seen
}

t.test('a header Node refuses is logged as Fastify logs it: the error, then the refused head', async (t) => {
  const [fastify4, enclaveEntry, face4] = faces
  const baseline4 = await logOf(fastify4![1])
  t.same(baseline4, ['50 ERR_INVALID_CHAR Invalid character in header content ["x-bad"]', '40 ERR_INVALID_CHAR Invalid character in header content ["x-bad"]', '500'], `${fastify4![0]} logs so`)
  t.same(await logOf(face4![1]), baseline4, `${face4![0]} as ${fastify4![0]}`)
  t.same(await logOf(enclaveEntry![1]), baseline4, `${enclaveEntry![0]} as ${fastify4![0]}`)
  const [[v5Name, fastify5], [face5Name, face5]] = fastify5Faces
  t.same(await logOf(face5), await logOf(fastify5), `${face5Name} as ${v5Name}`)
})
