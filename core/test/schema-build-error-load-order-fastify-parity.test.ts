import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

function brokenResponse (id: string) {
  return { schema: { response: { 200: { $ref: `${id}#` } } } }
}

/** The error ready() fails with when two routes' response schemas cannot be built. */
async function readyFailure (factory: Factory, build: (app: any) => void): Promise<string> {
  const app = factory()
  build(app)
  const outcome = await app.ready().then(() => 'ready', (error: any) => `${String(error.code)}: ${String(error.message)}`)
  await app.close()
  return outcome
}

const builds: Record<string, (app: any) => void> = {
  'a route declared after a register() call': (app) => {
    app.register(async (child: any) => { child.get('/in-plugin', brokenResponse('fromPlugin'), async () => ({})) }, { prefix: '/p' })
    app.get('/at-root', brokenResponse('fromRoot'), async () => ({}))
  },
  'routes of nested plugins and an awaited one': (app) => {
    app.register(async (child: any) => {
      child.get('/first-declared', brokenResponse('first'), async () => ({}))
      await child.register(async (inner: any) => { inner.get('/inner', brokenResponse('inner'), async () => ({})) })
    })
  }
}

const [fastify4, , face4] = faces

for (const [label, build] of Object.entries(builds)) {
  t.test(`${label}: ready() names the schema Fastify compiles first (in loading order)`, async (t) => {
    const [[v5Name, fastify5], [faceName, face5]] = fastify5Faces
    t.same(await readyFailure(face5, build), await readyFailure(fastify5, build), `${faceName} as ${v5Name}`)
    t.same(await readyFailure(face4![1], build), await readyFailure(fastify4![1], build), `${face4![0]} as ${fastify4![0]}`)
  })
}

t.test('enclave(): the route in the plugin registered first is compiled first', async (t) => {
  const [, enclaveEntry] = faces[1]!
  t.match(await readyFailure(enclaveEntry, builds['a route declared after a register() call']!), /FST_ERR_SCH_SERIALIZATION_BUILD: .*GET: \/p\/in-plugin/)
})
