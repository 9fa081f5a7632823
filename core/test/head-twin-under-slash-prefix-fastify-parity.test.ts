import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const probes = ['/p/d', '/p//d', '/p///d']

/** Where a GET route's HEAD twin answers: the onRoute hooks' view, printRoutes, and the status of each probe. */
async function observe (factory: Factory, prefix: string, path: string): Promise<string[]> {
  const app = factory()
  const seen: string[] = []
  app.addHook('onRoute', (route: any) => { seen.push(`onRoute ${String(route.method)} ${String(route.url)} routePath=${String(route.routePath)}`) })
  app.register(async (instance: any) => { instance.get(path, async () => 'from GET') }, { prefix })
  await app.ready()
  seen.push(app.printRoutes({ commonPrefix: false }))
  for (const url of probes) {
    for (const method of ['GET', 'HEAD']) {
      const response = await app.inject({ method, url })
      seen.push(`${method} ${url}: ${response.statusCode}`)
    }
  }
  await app.close()
  return seen
}

const cases: Array<[string, string]> = [['/p/', '//d'], ['/p//', '//d'], ['/p/', '///d'], ['/p/', '/d'], ['/p', '//d'], ['/p/', '/']]
const [fastify4, , face4] = faces

for (const [prefix, path] of cases) {
  t.test(`GET ${path} under the prefix ${prefix}: its HEAD twin answers where Fastify's does`, async (t) => {
    const [[v5Name, fastify5], [faceName, face5]] = fastify5Faces
    t.same(await observe(face5, prefix, path), await observe(fastify5, prefix, path), `${faceName} as ${v5Name}`)
    t.same(await observe(face4![1], prefix, path), await observe(fastify4![1], prefix, path), `${face4![0]} as ${fastify4![0]}`)
  })
}

t.test('enclave(): GET //d under /p/ answers GET on /p//d and HEAD on /p/d, as the faces do', async (t) => {
  const [, enclaveEntry] = faces[1]!
  const seen = await observe(enclaveEntry, '/p/', '//d')
  t.same(seen.filter((line) => line.startsWith('GET') || line.startsWith('HEAD')), [
    'GET /p/d: 404', 'HEAD /p/d: 200', 'GET /p//d: 200', 'HEAD /p//d: 404', 'GET /p///d: 404', 'HEAD /p///d: 404'
  ])
})
