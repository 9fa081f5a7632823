import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/** What a Fastify user sees listing an instance: its own keys, and what a for…in reaches, root and child. */
async function listing (factory: Factory): Promise<Record<string, string[]>> {
  const app = factory({ logger: false })
  app.decorate('util', 1)
  const seen: Record<string, string[]> = {}
  app.register(async (child: any) => {
    child.decorate('childUtil', 2)
    const reached: string[] = []
    for (const key in child) reached.push(key)
    seen.childForIn = reached
  })
  await app.ready()
  seen.rootKeys = Object.keys(app)
  const reached: string[] = []
  for (const key in app) reached.push(key)
  seen.rootForIn = reached
  await app.close()
  return seen
}

const [fastify4, enclaveEntry, face4] = faces
const [[v5Name, fastify5], [face5Name, face5]] = fastify5Faces

t.test('an instance lists its API as Fastify\'s does: own enumerable members in Fastify\'s order, decorations after them', async (t) => {
  t.same(await listing(face4![1]), await listing(fastify4![1]), `${face4![0]} as ${fastify4![0]}`)
  t.same(await listing(face5), await listing(fastify5), `${face5Name} as ${v5Name}`)
  const own = (await listing(enclaveEntry![1])).rootKeys!
  t.ok(own.includes('getDefaultRoute') && own.includes('getDecorator') && !own.includes('trace'), 'enclave(): 4.29\'s members with Fastify 5\'s additions')
  t.notOk(own.some((key) => key.startsWith('_avvio')), 'no loader internals listed')
  t.equal(own.at(-1), 'util', 'a decoration comes after the API')
})
