import { test } from 'tap'
import { sameOnBoth } from './fixtures/same-on-fastify5.js'
import { faces, type Factory } from './fixtures/faces.js'

/** printRoutes() with every hook list, before ready(), from an onReady hook and after ready(), as in Fastify's Server reference. */
async function printedAtEachStep (factory: Factory): Promise<string[]> {
  const app = factory()
  const printed: string[] = []
  const print = (): void => { printed.push(app.printRoutes({ includeHooks: true, includeMeta: ['errorHandler'] })) }
  app.get('/test', { onSend: async function ownOnSend () {} }, () => {})
  app.get('/test/hello', () => {})
  app.addHook('onRequest', function onRequest (_request: unknown, _reply: unknown, done: () => void) { done() })
  print()
  app.addHook('onReady', async function onReady () { print() })
  await app.ready()
  print()
  await app.close()
  return printed
}

test('printRoutes() shows no hook lists before the plugins have loaded, as fastify@5.12.8 (GET and HEAD on one line)', async (t) => {
  const printed = await sameOnBoth(t, printedAtEachStep)
  t.match(printed[0], /test \(GET, HEAD\)/)
  t.notMatch(printed[0], /onSend|onRequest/)
  t.match(printed[2], /headRouteOnSendHandler/)
})

for (const [name, factory] of faces) {
  if (name === 'fastify@4.29.1') continue
  test(`${name}: printRoutes() before ready() as fastify@4.29.1 prints it`, async (t) => {
    t.same(await printedAtEachStep(factory), await printedAtEachStep(faces[0]![1]))
  })
}
