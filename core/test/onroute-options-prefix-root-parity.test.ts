// A '/' route under a prefix answers on two paths; Fastify calls the onRoute hooks once, with the
// first ('/p'), then declares the second path with the same options object, which ends up naming
// '/p/'. A hook that keeps the object (@fastify/swagger, route listings) reads that last path.
import { test } from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

function describe (options: any): string {
  return `${String(options.method)} ${String(options.url)} ${String(options.path)} ${JSON.stringify(options.routePath)} ${String(options.prefix)}`
}

async function seenAndKept (factory: Factory): Promise<unknown> {
  const app = factory()
  const kept: Array<[any, string]> = []
  app.addHook('onRoute', (options: any) => { kept.push([options, describe(options)]) })
  app.register(async (child: any) => {
    child.get('/', async () => 'both')
    child.post('/', { prefixTrailingSlash: 'slash' }, async () => 'slash')
    child.put('/', { prefixTrailingSlash: 'no-slash' }, async () => 'no-slash')
    child.delete('/x', async () => 'x')
  }, { prefix: '/p' })
  await app.ready()
  await app.close()
  return kept.map(([options, atHook]) => [atHook, describe(options)])
}

const expected = [
  ['GET /p /p "" /p', 'GET /p/ /p/ "/" /p'],
  ['HEAD /p /p "" /p', 'HEAD /p /p "" /p'],
  ['HEAD /p/ /p/ "/" /p', 'HEAD /p/ /p/ "/" /p'],
  ['POST /p/ /p/ "/" /p', 'POST /p/ /p/ "/" /p'],
  ['PUT /p /p "" /p', 'PUT /p /p "" /p'],
  ['DELETE /p/x /p/x "/x" /p', 'DELETE /p/x /p/x "/x" /p']
]

for (const [name, factory] of [...faces, ...fastify5Faces]) {
  test(`${name}: the options an onRoute hook kept for a '/' route under a prefix end on its last path`, async (t) => {
    t.same(await seenAndKept(factory), expected)
  })
}
