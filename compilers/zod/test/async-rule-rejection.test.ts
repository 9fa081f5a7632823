import t from 'tap'
import { assertRejectionsAnswered, runAsyncRuleChild } from '../../kit/test/fixtures/async-rule-child.js'

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
    assertRejectionsAnswered(t, run, 'lookup unavailable')
  })
}
