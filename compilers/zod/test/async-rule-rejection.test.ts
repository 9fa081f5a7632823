import t from 'tap'
import { runAsyncRuleChild } from '../../kit/test/fixtures/async-rule-child.js'

// The adapter once parsed synchronously first: zod dropped the promise of the async rule it met
// there, and the first request with a rejecting rule ended the process (exit code 1).
const setup = (compiler: string) => `
  import { z } from 'zod'
  import { createValidatorCompiler } from '@enclave/zod'
  const validatorCompiler = createValidatorCompiler(${compiler})
  const body = z.object({ id: z.string().refine(async () => { throw new Error('lookup unavailable') }) })
`

for (const [name, compiler] of [['the default compiler', ''], ["async: 'auto'", "{ async: 'auto' }"], ['async: true', '{ async: true }']]) {
  t.test(`${name}: a rejecting async refinement leaves a plain node process running, each request answered as a failed validator`, async (t) => {
    const run = await runAsyncRuleChild(setup(compiler), 3)
    t.ok(run.alive, 'the process is still running')
    t.notMatch(run.stderr, /Unhandled|unhandled|lookup unavailable/)
    t.strictSame(run.answers.enclave.map((answer) => answer.statusCode), [500, 500, 500])
    t.match(run.answers.enclave[0]?.body, { statusCode: 500, message: 'The body validator failed to complete' })
    // @enclave/fastify as Fastify 4: the rejection is the validation error, 400 with its message.
    t.strictSame(run.answers.fastify.map((answer) => answer.statusCode), [400, 400, 400])
    t.match(run.answers.fastify[0]?.body, { statusCode: 400, message: 'lookup unavailable' })
  })
}
