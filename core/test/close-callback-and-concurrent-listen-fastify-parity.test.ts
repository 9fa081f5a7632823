// close(callback) calls the callback by its parameters, as avvio does in Fastify, and listen()
// called again while the first call binds answers with the same address, as in Fastify.
import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const everyEntry: Array<[string, Factory]> = [...faces, ...fastify5Faces]

t.test('close(callback) is called by its parameters, as avvio calls it', async (t) => {
  for (const [name, factory] of everyEntry) {
    const seen: string[] = []
    for (const failing of [false, true]) {
      const app = factory({ logger: false })
      if (failing) app.addHook('onClose', async () => { throw new Error('onClose failed') })
      await app.ready()
      await new Promise<void>((resolve) => { app.close((...args: unknown[]) => { seen.push(`none: ${args.length}`); resolve() }) })
      const second = factory({ logger: false })
      if (failing) second.addHook('onClose', async () => { throw new Error('onClose failed') })
      await second.ready()
      await new Promise<void>((resolve) => { second.close((error: unknown) => { seen.push(`one: ${String(error)}`); resolve() }) })
      const third = factory({ logger: false })
      if (failing) third.addHook('onClose', async () => { throw new Error('onClose failed') })
      await third.ready()
      await new Promise<void>((resolve) => { third.close((error: unknown, done: unknown) => { seen.push(`two: ${String(error)}, ${typeof done}`); resolve() }) })
    }
    t.same(seen, ['none: 0', 'one: null', 'two: null, function', 'none: 0', 'one: Error: onClose failed', 'two: Error: onClose failed, function'], name)
  }
})

t.test('listen() twice at once: both answer with the one address, as in Fastify', async (t) => {
  for (const [name, factory] of everyEntry) {
    const app = factory({ logger: false })
    const [first, second] = await Promise.all([app.listen({ port: 0, host: '127.0.0.1' }), app.listen({ port: 0, host: '127.0.0.1' })])
    t.equal(second, first, name)
    t.equal(app.addresses().length, 1, name)
    await t.rejects(app.listen({ port: 0, host: '127.0.0.1' }), { code: 'FST_ERR_REOPENED_SERVER' }, `${name}: once listening, another listen() is refused`)
    await app.close()
  }
})
