import t from 'tap'
import fp from 'fastify-plugin'
import { faces } from './fixtures/faces.js'

// `this` in a request hook is the instance of the context that declared the route (or the
// not-found handler), wherever the hook was added, as in fastify@4.29.1: @fastify/middie keeps
// each context's middleware on that context's instance and finds it through `this`.

t.test('a hook added by the root runs with the instance of the child context that declared the route or the not-found handler', async (t) => {
  const observe = async (factory: (options?: any) => any): Promise<string[]> => {
    const seen: string[] = []
    const app = factory()
    app.decorate('tag', 'root')
    app.addHook('onRequest', function (this: any, _request: any, _reply: any, done: () => void) { seen.push(`onRequest:${this.tag as string}`); done() })
    app.addHook('preHandler', async function (this: any) { seen.push(`preHandler:${this.tag as string}`) })
    app.addHook('onError', async function (this: any) { seen.push(`onError:${this.tag as string}`) })
    app.addHook('onSend', async function (this: any, _request: any, _reply: any, payload: unknown) { seen.push(`onSend:${this.tag as string}`); return payload })
    app.addHook('onResponse', function (this: any, _request: any, _reply: any, done: () => void) { seen.push(`onResponse:${this.tag as string}`); done() })
    app.register(async (child: any) => {
      child.tag = 'child'
      child.setNotFoundHandler(function (this: any, _request: any, reply: any) { seen.push(`notFound:${this.tag as string}`); reply.code(404).send('none') })
      child.get('/ok', {
        preHandler (this: any, _request: any, _reply: any, done: () => void) { seen.push(`routePreHandler:${this.tag as string}`); done() }
      }, async function (this: any) { seen.push(`handler:${this.tag as string}`); return 'ok' })
      child.get('/fail', async () => { throw new Error('boom') })
      child.register(fp(async (shared: any) => {
        shared.get('/shared', async function (this: any) { seen.push(`sharedHandler:${this.tag as string}`); return 'ok' })
      }))
    }, { prefix: '/child' })
    app.get('/root', async () => 'ok')
    for (const url of ['/child/ok', '/child/missing', '/child/fail', '/child/shared', '/root', '/missing']) {
      await app.inject(url)
      seen.push('|')
    }
    await app.close()
    return seen
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  t.same(expected.slice(0, 6), ['onRequest:child', 'preHandler:child', 'routePreHandler:child', 'handler:child', 'onSend:child', 'onResponse:child'])
  t.ok(expected.includes('notFound:child') && expected.includes('onError:child') && expected.includes('onRequest:root'))
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})
