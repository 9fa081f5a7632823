// printPlugins() lists the not-found handlers' avvio steps as Fastify does: the root's default one
// (an app without plugins prints `root` and one `bound _after`), and one per setNotFoundHandler();
// and each route's, one per path it is declared on, its automatic HEAD route's included.
import t from 'tap'
import fp from 'fastify-plugin'
import { faces, fastify5Faces } from './fixtures/faces.js'

function withoutTimes (tree: string): string {
  return tree.replace(/ \d+ ms$/gm, ' N ms')
}

for (const [name, build] of [...faces, ...fastify5Faces]) {
  t.test(name, async (t) => {
    t.test('an app without plugins prints the default not-found step', async (t) => {
      const app = build()
      t.teardown(() => app.close())
      await app.ready()
      t.equal(withoutTimes(app.printPlugins()), 'root N ms\n└── bound _after N ms\n')
    })

    t.test('a not-found handler set in a plugin is a step of that plugin', async (t) => {
      const app = build()
      t.teardown(() => app.close())
      app.register(async function api (instance: any) {
        instance.setNotFoundHandler(async (_request: any, reply: any) => reply.code(404).send('none here'))
        instance.register(async function inner () {})
      }, { prefix: '/api' })
      await app.ready()
      t.equal(withoutTimes(app.printPlugins()), [
        'root N ms',
        '├── bound _after N ms',
        '└─┬ api N ms',
        '  ├── bound _after N ms',
        '  └── inner N ms',
        ''
      ].join('\n'))
      const answer = await app.inject('/api/missing')
      t.equal(answer.statusCode, 404)
      t.equal(answer.body, 'none here')
    })

    t.test('each route is a step of the plugin that declares it, after() calls and wrapped plugins kept in order', async (t) => {
      const app = build()
      t.teardown(() => app.close())
      const answer = async () => 'ok'
      app.get('/', answer)
      app.register(async function outer (instance: any) {
        // A '/' route under a prefix answers on '/outer' and '/outer/', each with its HEAD route.
        instance.get('/', answer)
        instance.register(fp(async function wrapped (inner: any) {
          inner.route({ method: ['POST', 'PUT'], url: '/w', handler: answer })
        }, { name: 'wrapped' }))
        instance.after(() => {})
        instance.get('/last', { exposeHeadRoute: false }, answer)
      }, { prefix: '/outer' })
      await app.ready()
      t.equal(withoutTimes(app.printPlugins()), [
        'root N ms',
        '├── bound _after N ms',
        '├── bound _after N ms',
        '├── bound _after N ms',
        '└─┬ outer N ms',
        '  ├── bound _after N ms',
        '  ├── bound _after N ms',
        '  ├── bound _after N ms',
        '  ├── bound _after N ms',
        '  ├─┬ wrapped N ms',
        '  │ └── bound _after N ms',
        '  ├── bound _after N ms',
        '  └── bound _after N ms',
        ''
      ].join('\n'))
      t.equal((await app.inject({ method: 'PUT', url: '/outer/w' })).body, 'ok')
    })
  })
}
