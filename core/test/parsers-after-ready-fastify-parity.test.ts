// The content-type parser methods right after ready(): Fastify 5 still takes them in that tick (as
// other configuration calls), and the context's routes parse with the change; Fastify 4.29 refuses
// them from ready() on. Both refuse once listening.
import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

async function afterReady (factory: Factory): Promise<string[]> {
  const app = factory({ logger: false })
  app.post('/', async (request: { body: unknown }) => ({ body: request.body }))
  await app.ready()
  const seen: string[] = []
  try {
    app.addContentTypeParser('x/y', { parseAs: 'string' }, (_request: unknown, body: string, done: (e: null, v: string) => void) => { done(null, body) })
    app.removeContentTypeParser('text/plain')
    seen.push(`taken: x/y ${String(app.hasContentTypeParser('x/y'))}, text/plain ${String(app.hasContentTypeParser('text/plain'))}`)
  } catch (error) {
    seen.push(`refused: ${(error as { code?: string }).code}`)
  }
  for (const type of ['x/y', 'text/plain']) {
    const response = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': type }, payload: 'q' })
    seen.push(`${type} ${String(response.statusCode)}`)
  }
  await app.listen({ port: 0, host: '127.0.0.1' })
  try {
    app.addContentTypeParser('x/z', () => {})
    seen.push('taken when listening')
  } catch (error) {
    seen.push(`refused when listening: ${(error as { code?: string }).code}`)
  }
  await app.close()
  return seen
}

t.test('parser methods right after ready(): taken by Fastify 5 (its routes parse with the change), refused by Fastify 4.29', async (t) => {
  const fastify5 = ['taken: x/y true, text/plain false', 'x/y 200', 'text/plain 415', 'refused when listening: FST_ERR_CTP_INSTANCE_ALREADY_STARTED']
  const fastify4 = ['refused: FST_ERR_CTP_INSTANCE_ALREADY_STARTED', 'x/y 415', 'text/plain 200', 'refused when listening: FST_ERR_CTP_INSTANCE_ALREADY_STARTED']
  for (const [name, factory] of fastify5Faces) t.same(await afterReady(factory), fastify5, name)
  for (const [name, factory] of faces) t.same(await afterReady(factory), fastify4, name)
})
