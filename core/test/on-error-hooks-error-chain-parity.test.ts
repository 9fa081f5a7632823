// When the onError hooks run while an error is answered and the answer fails again (an onSend hook
// that throws on every payload): before any error handler, not while a handler further up the chain
// is still to come, and again once every handler has run, before the last-resort answer. The same
// on Fastify 4.29 and 5.12 as on every Enclave entry.
import { test } from 'tap'
import { faces, fastify5Faces } from './fixtures/faces.js'

type Factory = (options?: object) => any

async function trail (factory: Factory, route: string): Promise<unknown> {
  const app = factory()
  const seen: string[] = []
  app.addHook('onError', async (_request: unknown, _reply: unknown, error: Error) => { seen.push(`onError:${error.message}`) })
  app.addHook('onSend', async () => {
    seen.push('onSend')
    throw Object.assign(new Error('onSend fails'), { statusCode: 409 })
  })
  app.register(async (scope: any) => {
    scope.setErrorHandler(async (error: Error) => {
      seen.push(`handler:${error.message}`)
      return { handled: error.message }
    })
    scope.get('/handled-thrown', async () => { throw new Error('thrown') })
    scope.get('/handled-ok', async () => ({ ok: true }))
  })
  app.get('/default-thrown', async () => { throw new Error('thrown') })
  const res = await app.inject(route)
  await new Promise((resolve) => setImmediate(resolve))
  await app.close()
  return { status: res.statusCode, body: res.json(), seen }
}

for (const group of [faces, fastify5Faces]) {
  const [[baseline, baselineFactory], ...entries] = group
  test(`onError hooks along the error handlers' chain, as ${baseline} runs them`, async (t) => {
    for (const route of ['/handled-thrown', '/handled-ok', '/default-thrown']) {
      const expected = await trail(baselineFactory as Factory, route)
      for (const [name, factory] of entries) t.same(await trail(factory as Factory, route), expected, `${name} ${route}`)
    }
    t.same(await trail(baselineFactory as Factory, '/handled-ok'), {
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'onSend fails' },
      seen: ['onSend', 'onError:onSend fails', 'handler:onSend fails', 'onSend', 'onSend', 'onError:onSend fails']
    }, `${baseline}: no onError between the custom handler and the default one`)
  })
}
