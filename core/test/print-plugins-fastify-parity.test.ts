// printPlugins() lists the not-found handlers' avvio steps as Fastify does: the root's default one
// (an app without plugins prints `root` and one `bound _after`), and one per setNotFoundHandler().
import t from 'tap'
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
  })
}
