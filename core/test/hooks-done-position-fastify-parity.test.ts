// Callback-style hooks of every shape, run on fastify@4.29.1 and both Enclave entries: what each
// step sees and the order the steps run in must agree. Fastify runs the rest of the chain (and a
// synchronous handler) inside `done()`; Enclave runs a hook whose `done()` is provably its last
// action in a loop instead (core/src/lifecycle/compile-chain.ts), and every other hook Fastify's
// way. Whichever way a hook is run, a user must not be able to tell.
import t from 'tap'
import { faces } from './fixtures/faces.js'

type Done = (error?: unknown) => void
type Hook = (this: unknown, request: any, reply: any, done: Done) => unknown

interface Case {
  name: string
  /** Builds the hook; `seen` records the steps. */
  hook: (seen: string[]) => Hook
  /** Sent as header `x-fail` to take a hook's failure branch. */
  fail?: boolean
}

const cases: Case[] = [
  { name: 'done() as the last statement', hook: (seen) => function (_request, _reply, done) { seen.push('hook'); done() } },
  { name: 'return done() in a branch, done() at the end', fail: true, hook: (seen) => function (request, _reply, done) { if (request.headers['x-fail'] === '1') return done(new Error('refused')); seen.push('hook'); done() } },
  { name: 'done() then more code', hook: (seen) => function (request, _reply, done) { done(); seen.push('after done'); request.late = true } },
  { name: 'done() in an if branch, then more code', hook: (seen) => function (request, _reply, done) { if (request.headers.host !== undefined) done(); seen.push('after the if') } },
  { name: 'done() inside try, code in finally', hook: (seen) => function (_request, _reply, done) { try { done() } finally { seen.push('finally') } } },
  { name: 'done() inside try with a catch, as the last statement', hook: (seen) => function (_request, _reply, done) { try { seen.push('hook'); done() } catch (error) { done(error) } } },
  { name: 'done() from a callback run at once', hook: (seen) => function (_request, _reply, done) { [1].forEach(() => { done() }); seen.push('after forEach') } },
  { name: 'done reached through arguments', hook: (seen) => function (this: unknown, _request, _reply, _done) { (arguments[2] as Done)(); seen.push('after arguments[2]()') } },
  { name: 'an arrow whose body is the call', hook: (seen) => (_request, _reply, done) => { seen.push('arrow'); return done() } },
  { name: 'an arrow with an expression body', hook: () => (_request, _reply, done) => done() },
  { name: 'a method', hook: (seen) => ({ method (_request: unknown, _reply: unknown, done: Done) { seen.push('method'); done() } }).method },
  { name: 'a bound function', hook: (seen) => function (this: { label: string }, _request: unknown, _reply: unknown, done: Done) { done(); seen.push(this.label) }.bind({ label: 'after bound done' }) },
  { name: 'done() later, from a timer', hook: (seen) => function (_request, _reply, done) { setImmediate(() => { seen.push('timer'); done() }); seen.push('scheduled') } },
  { name: 'done kept in a variable', hook: (seen) => function (_request, _reply, done) { const next = done; next(); seen.push('after next()') } },
  { name: 'done(error) as the last statement', hook: (seen) => function (_request, _reply, done) { seen.push('failing'); done(new Error('nope')) } },
  { name: 'a promise returned, done never called', hook: (seen) => function (_request, _reply, _done) { seen.push('promise'); return Promise.resolve() } },
  { name: 'a throw before done', hook: () => function (_request, _reply, _done) { throw new Error('thrown first') } },
  { name: 'reply.send() then done()', hook: (seen) => function (_request, reply, done) { seen.push('answering'); reply.send({ from: 'hook' }); done() } },
  { name: 'conditional call of done', fail: true, hook: (seen) => function (request, _reply, done) { seen.push('conditional'); return request.headers['x-fail'] === '1' ? done(new Error('no')) : done() } },
  { name: 'a done() call inside a loop', hook: (seen) => function (_request, _reply, done) { for (let i = 0; i < 1; i++) done(); seen.push('after the loop') } }
]

async function observe (factory: (options?: any) => any, shape: Case, headers: Record<string, string>): Promise<string> {
  const seen: string[] = []
  const app = factory({ logger: false })
  app.addHook('onRequest', function (_request: unknown, _reply: unknown, done: Done) { seen.push('first'); done() })
  app.addHook('onRequest', shape.hook(seen))
  app.addHook('onRequest', function (_request: unknown, _reply: unknown, done: Done) { seen.push('third'); done() })
  app.addHook('preHandler', shape.hook(seen))
  app.addHook('onResponse', function (_request: unknown, _reply: unknown, done: Done) { seen.push('response'); done() })
  app.get('/', function (request: any) {
    seen.push('handler')
    return { seen: seen.slice(), late: request.late === true }
  })
  const response = await app.inject({ url: '/', headers })
  await new Promise((resolve) => setImmediate(resolve))
  await app.close()
  return `${response.statusCode} ${response.body} | ${seen.join(', ')}`
}

for (const shape of cases) {
  const variants: Array<Record<string, string>> = shape.fail === true ? [{}, { 'x-fail': '1' }] : [{}]
  for (const headers of variants) {
    t.test(`${shape.name}${headers['x-fail'] !== undefined ? ' (failing branch)' : ''}: same steps, same order as fastify@4.29.1`, async (t) => {
      const [[, fastify], ...entries] = faces
      const expected = await observe(fastify, shape, headers)
      for (const [name, factory] of entries) {
        t.equal(await observe(factory, shape, headers), expected, name)
      }
    })
  }
}

t.test('a chain of many hooks of mixed styles runs in Fastify order on each entry', async (t) => {
  async function run (factory: (options?: any) => any): Promise<string> {
    const seen: string[] = []
    const app = factory({ logger: false })
    for (let i = 0; i < 11; i++) {
      if (i % 3 === 0) app.addHook('preHandler', async function () { seen.push(`async ${i}`) })
      else if (i % 3 === 1) app.addHook('preHandler', function (_request: unknown, _reply: unknown, done: Done) { seen.push(`callback ${i}`); done() })
      else app.addHook('preHandler', function (_request: unknown, _reply: unknown, done: Done) { setImmediate(done); seen.push(`later ${i}`) })
    }
    app.get('/', function () { seen.push('handler'); return 'ok' })
    const response = await app.inject('/')
    await app.close()
    return `${response.statusCode} ${response.body} | ${seen.join(', ')}`
  }
  const [[, fastify], ...entries] = faces
  const expected = await run(fastify)
  t.match(expected, /^200 ok \| async 0, callback 1, later 2, async 3/)
  for (const [name, factory] of entries) t.equal(await run(factory), expected, name)
})
