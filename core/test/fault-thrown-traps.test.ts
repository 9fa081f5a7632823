// Thrown values whose reading throws: an Error whose statusCode getter throws, a Proxy whose every
// trap throws. Fastify answers the first with a 200 carrying an error payload (5.12 the second too,
// and 4.29 leaves a hook's Proxy unanswered); every Enclave entry answers a 500 with the trap's
// message (docs/migrating-from-fastify.md), from a handler and from a hook.
import t from 'tap'
import { enclaveFaces, fastify5Face, type Factory } from './fixtures/faces.js'

const thrown: Record<string, () => unknown> = {
  'statusCode getter': () => Object.defineProperty(new Error('x'), 'statusCode', { get () { throw new Error('getter failed') } }),
  proxy: () => new Proxy({}, {
    get () { throw new Error('trap failed') },
    has () { throw new Error('trap failed') },
    getPrototypeOf () { throw new Error('trap failed') }
  })
}

for (const [name, factory] of [...enclaveFaces, fastify5Face] as Array<[string, Factory]>) {
  t.test(`${name}: an error that cannot be read is a 500, never a 2xx or a hang`, async (t) => {
    const app = factory()
    app.get('/handler/:kind', async (request: any) => { throw thrown[request.params.kind]!() })
    app.get('/hook/:kind', { onRequest: async (request: any) => { throw thrown[request.params.kind]!() } }, async () => 'not reached')
    t.teardown(() => app.close())
    for (const kind of Object.keys(thrown)) {
      for (const place of ['handler', 'hook']) {
        const response = await app.inject(`/${place}/${encodeURIComponent(kind)}`)
        t.equal(response.statusCode, 500, `${kind} from a ${place}`)
        t.same(response.json(), { statusCode: 500, error: 'Internal Server Error', message: kind === 'proxy' ? 'trap failed' : 'getter failed' })
      }
    }
  })
}
