import t from 'tap'
import { channel } from 'node:diagnostics_channel'
import { faces } from './fixtures/faces.js'

// Hooks.md, "Diagnostics Channel Hooks": every new instance is published on 'fastify.initialization'
// as `{ fastify }`, before the app adds anything, so a tracer can add hooks and routes to it.

t.test('each new instance is published on fastify.initialization, and what a subscriber adds applies, as in Fastify 4.29', async (t) => {
  const initialization = channel('fastify.initialization')
  for (const [name, factory] of faces) {
    const published: any[] = []
    const subscriber = (message: unknown): void => {
      const instance = (message as { fastify: any }).fastify
      published.push({ keys: Object.keys(message as object), version: instance.version, listening: instance.server.listening })
      instance.addHook('onRequest', (_request: any, reply: any, done: () => void) => { reply.header('x-traced', 'yes'); done() })
      instance.get('/from-subscriber', () => 'added by the subscriber')
    }
    initialization.subscribe(subscriber)
    let app: any
    try {
      app = factory()
    } finally {
      initialization.unsubscribe(subscriber)
    }
    app.get('/', () => 'ok')
    const response = await app.inject('/')
    const added = await app.inject('/from-subscriber')
    const unsubscribed = factory()
    await unsubscribed.ready()
    await unsubscribed.close()
    await app.close()
    t.same(published, [{ keys: ['fastify'], version: '4.29.1', listening: false }], `${name}: one message, { fastify }`)
    t.equal(response.headers['x-traced'], 'yes', `${name}: the subscriber's hook runs`)
    t.equal(added.body, 'added by the subscriber', `${name}: the subscriber's route answers`)
  }
})
