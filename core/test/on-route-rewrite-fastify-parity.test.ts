import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/**
 * An onRoute hook that rewrites `url` moves the route (it answers on the new URL) but the route keeps
 * the URL it was declared with as its name: `routeOptions.url` and `routeOptions.config.url`, as
 * Fastify takes them before the hooks. A rewritten `path` is not read: Fastify routes by `url`.
 */
async function observe (factory: Factory): Promise<string[]> {
  const app = factory({ logger: false })
  app.addHook('onRoute', (options: any) => {
    if (options.url === '/declared') options.url = '/rewritten'
    if (options.url === '/path-only') options.path = '/elsewhere'
  })
  const report = async (request: any) => ({ url: request.routeOptions.url, config: request.routeOptions.config })
  app.get('/declared', { schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } } } } }, report)
  app.get('/path-only', report)
  const seen: string[] = []
  for (const url of ['/rewritten', '/rewritten?n=x', '/declared', '/path-only', '/elsewhere']) {
    const response = await app.inject(url)
    seen.push(`${url} ${String(response.statusCode)} ${response.body}`)
  }
  const head = await app.inject({ method: 'HEAD', url: '/rewritten' })
  seen.push(`HEAD /rewritten ${String(head.statusCode)}`)
  await app.close()
  return seen
}

t.test('an onRoute hook\'s rewrite moves the route, which keeps its declared URL as its name', async (t) => {
  const [fastify4, enclaveEntry, face4] = faces
  const baseline4 = await observe(fastify4![1])
  t.match(baseline4[0], /^\/rewritten 200 \{"url":"\/declared","config":\{"url":"\/declared"/, `${fastify4![0]} names it by the declared URL`)
  t.same(await observe(face4![1]), baseline4, `${face4![0]} as ${fastify4![0]}`)
  // enclave()'s validation 400 has the spec's payload (the differences table): its status is compared.
  const onEnclave = await observe(enclaveEntry![1])
  t.same(onEnclave.filter((_line, index) => index !== 1), baseline4.filter((_line, index) => index !== 1), `${enclaveEntry![0]} as ${fastify4![0]}`)
  t.match(onEnclave[1], /^\/rewritten\?n=x 400 /, `${enclaveEntry![0]} validates the moved route`)
  const [[v5Name, fastify5], [face5Name, face5]] = fastify5Faces
  t.same(await observe(face5), await observe(fastify5), `${face5Name} as ${v5Name}`)
})
