// Which async hooks addHook refuses as declaring `done`, and how a hook's parameter count decides
// whether it is called with `done`: Fastify's rules, hook by hook, on every entry and both Fastify lines.
import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const everyEntry: Array<[string, Factory]> = [...faces, ...fastify5Faces]

const hookNames = [
  'onRequest', 'preParsing', 'preValidation', 'preHandler', 'preSerialization', 'onSend', 'onResponse', 'onError',
  'onTimeout', 'onRequestAbort', 'onListen', 'onReady', 'preClose', 'onClose', 'onRoute', 'onRegister'
]

/** An async function declaring `count` parameters (its `length`). */
function asyncWithParameters (count: number): (...args: unknown[]) => Promise<void> {
  const names = Array.from({ length: count }, (_, index) => `p${index}`)
  // eslint-disable-next-line no-new-func -- the only way to make an async function of a given length
  return new Function(`return async function hook (${names.join(', ')}) {}`)() as (...args: unknown[]) => Promise<void>
}

/** `hook/count` for every async hook addHook refuses at once. */
function refusedAsyncHooks (factory: Factory): string[] {
  const refused: string[] = []
  for (const name of hookNames) {
    for (let count = 0; count <= 5; count++) {
      const app = factory({ logger: false })
      try {
        app.addHook(name, asyncWithParameters(count))
      } catch (error) {
        refused.push(`${name}/${count}:${(error as { code?: string }).code}`)
      }
    }
  }
  return refused
}

t.test('async hooks refused as declaring done: Fastify\'s count per hook, not "that many or more"', async (t) => {
  const [fastify4, fastify5] = [refusedAsyncHooks(faces[0]![1]), refusedAsyncHooks(fastify5Faces[0]![1])]
  t.same(fastify4, fastify5, 'fastify@4.29.1 and fastify@5.12.8 refuse the same')
  // An async onRequestAbort hook declaring no parameter is accepted (see the differences table).
  const expected = fastify5.filter((entry) => entry !== 'onRequestAbort/0:FST_ERR_HOOK_INVALID_ASYNC_HANDLER')
  t.ok(expected.includes('onRoute/3:FST_ERR_HOOK_INVALID_ASYNC_HANDLER') && !expected.includes('onRequest/4:FST_ERR_HOOK_INVALID_ASYNC_HANDLER'))
  for (const [name, factory] of everyEntry.filter(([name]) => !name.startsWith('fastify@'))) t.same(refusedAsyncHooks(factory), expected, name)
})

interface Outcome { answer: string, closed: string, seen: string[] }

async function outcomeOf (factory: Factory, arrange: (app: any, seen: string[]) => void): Promise<Outcome> {
  const seen: string[] = []
  const app = factory({ logger: false, pluginTimeout: 200 })
  arrange(app, seen)
  app.get('/', async () => 'ok')
  const answer = await app.ready().then(() => app.inject('/')).then((response: { body: string }) => response.body, (error: { code?: string }) => `failed ${error.code}`)
  const closed = await app.close().then(() => 'closed', (error: { code?: string }) => `close failed ${error.code}`)
  return { answer, closed, seen }
}

const cases: Array<[string, (app: any, seen: string[]) => void, Outcome]> = [
  ['an async onRequest hook declaring four parameters runs, given done', (app, seen) => {
    app.addHook('onRequest', async function (_request: unknown, _reply: unknown, done: unknown, _extra: unknown) { seen.push(typeof done) })
  }, { answer: 'ok', closed: 'closed', seen: ['function'] }],
  ['an async onSend hook declaring five parameters replaces the payload by its promise', (app, seen) => {
    app.addHook('onSend', async function (_request: unknown, _reply: unknown, payload: string, done: unknown, _extra: unknown) {
      seen.push(typeof done)
      return `${payload}!`
    })
  }, { answer: 'ok!', closed: 'closed', seen: ['function'] }],
  ['an onReady hook declaring two parameters is not waited for through done', (app, seen) => {
    app.addHook('onReady', function (first: unknown, second: unknown) { seen.push(`${typeof first} ${typeof second}`) })
  }, { answer: 'ok', closed: 'closed', seen: ['undefined undefined'] }],
  ['a preClose hook declaring two parameters, the same', (app, seen) => {
    app.addHook('preClose', function (first: unknown, second: unknown) { seen.push(`${typeof first} ${typeof second}`) })
  }, { answer: 'ok', closed: 'closed', seen: ['undefined undefined'] }],
  ['an async preClose hook declaring done is waited for through it', (app, seen) => {
    app.addHook('preClose', async function (done: () => void) {
      setImmediate(() => {
        seen.push('done')
        done()
      })
    })
    app.addHook('onClose', async function () { seen.push('onClose') })
  }, { answer: 'ok', closed: 'closed', seen: ['done', 'onClose'] }],
  ['an async onClose hook declaring done is waited for through it', (app, seen) => {
    app.addHook('onClose', async function (_instance: unknown, done: () => void) {
      setImmediate(() => {
        seen.push('done')
        done()
      })
    })
  }, { answer: 'ok', closed: 'closed', seen: ['done'] }]
]

for (const [title, arrange, expected] of cases) {
  t.test(`${title}, as in Fastify`, async (t) => {
    for (const [name, factory] of everyEntry) t.same(await outcomeOf(factory, arrange), expected, name)
  })
}
