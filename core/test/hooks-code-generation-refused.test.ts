// Where code generation is refused (Cloudflare Workers, node --disallow-code-generation-from-strings),
// hook chains run on the generic runner: the refusal is learnt once, not met again for every chain,
// and the hooks still run in order.
import t from 'tap'
import enclave from '@enclave/core'

const OriginalFunction = globalThis.Function
let refusals = 0
// What a runtime forbidding code generation does for the hook chains' code; any other use passes.
globalThis.Function = new Proxy(OriginalFunction, {
  construct (target, args, newTarget) {
    if (args[0] === 'hookStateKey') {
      refusals++
      throw new EvalError('Code generation from strings disallowed for this context')
    }
    return Reflect.construct(target, args, newTarget)
  }
})
t.teardown(() => { globalThis.Function = OriginalFunction })

t.test('a refused code generation is tried once; every chain runs on the generic runner', async (t) => {
  const app = enclave({ logger: false })
  for (const name of ['a', 'b', 'c', 'd']) {
    app.register(async function area (instance: any) {
      instance.addHook('onRequest', async (request: any) => { request.seen = [`${name}1`] })
      instance.addHook('preHandler', (request: any, _reply: any, done: () => void) => { request.seen.push(`${name}2`); done() })
      instance.get(`/${name}`, async (request: any) => request.seen)
    })
  }
  t.teardown(() => app.close())
  await app.ready()
  for (const name of ['a', 'b', 'c', 'd']) {
    const response = await app.inject(`/${name}`)
    t.equal(response.statusCode, 200)
    t.same(response.json(), [`${name}1`, `${name}2`])
  }
  t.equal(refusals, 1, 'the refusal was met once')
})
