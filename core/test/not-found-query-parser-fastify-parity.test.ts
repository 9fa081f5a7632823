import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/**
 * A custom querystringParser reads the query of the requests a route matches. Fastify's not-found
 * router is a router of its own, made without it: a request no route matches gets the default
 * parser's query in the not-found handler (reply.callNotFound() keeps the route's).
 */
async function queries (factory: Factory, v5: boolean): Promise<string[]> {
  const parser = (text: string) => ({ raw: text })
  const app = factory(v5 ? { logger: false, routerOptions: { querystringParser: parser } } : { logger: false, querystringParser: parser })
  app.get('/matched', async (request: any) => request.query)
  app.get('/calls-not-found', async (_request: unknown, reply: any) => reply.callNotFound())
  app.setNotFoundHandler(async (request: any, reply: any) => { reply.code(404); return request.query })
  app.register(async (child: any) => { child.setNotFoundHandler(async (request: any, reply: any) => { reply.code(404); return { prefixed: request.query } }) }, { prefix: '/api' })
  const seen: string[] = []
  for (const url of ['/matched?a=1&a=2', '/missing?a=1&a=2', '/api/missing?b=2', '/calls-not-found?c=3', '/missing']) {
    const response = await app.inject(url)
    seen.push(`${url} ${String(response.statusCode)} ${response.body}`)
  }
  await app.close()
  return seen
}

t.test('a request no route matches reads its query with the default parser, as in Fastify', async (t) => {
  const [fastify4, enclaveEntry, face4] = faces
  const baseline4 = await queries(fastify4![1], false)
  t.same(baseline4.slice(0, 2), ['/matched?a=1&a=2 200 {"raw":"a=1&a=2"}', '/missing?a=1&a=2 404 {"a":["1","2"]}'], `${fastify4![0]}: the route's parser, then the default one`)
  t.same(await queries(face4![1], false), baseline4, `${face4![0]} as ${fastify4![0]}`)
  t.same(await queries(enclaveEntry![1], false), baseline4, `${enclaveEntry![0]} as ${fastify4![0]}`)
  const [[v5Name, fastify5], [face5Name, face5]] = fastify5Faces
  t.same(await queries(face5, true), await queries(fastify5, true), `${face5Name} as ${v5Name}`)
})
