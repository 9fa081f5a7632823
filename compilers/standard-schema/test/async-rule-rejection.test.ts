import t from 'tap'
import { runAsyncRuleChild } from '../../kit/test/fixtures/async-rule-child.js'

// zod 4's own `~standard.validate` parses synchronously first and drops the promise of the async
// rule it meets there: the adapter parses such a zod schema with safeParseAsync instead.
const cases: Record<string, string> = {
  'zod 4': `
    import { z } from 'zod'
    const body = z.object({ id: z.string().refine(async () => { throw new Error('lookup unavailable') }) })
  `,
  'zod 4 (a check that returns a promise from a plain function)': `
    import { z } from 'zod'
    const body = z.object({ id: z.string().superRefine(() => Promise.reject(new Error('lookup unavailable'))) })
  `,
  'valibot': `
    import * as v from 'valibot'
    const body = v.objectAsync({ id: v.pipeAsync(v.string(), v.checkAsync(async () => { throw new Error('lookup unavailable') }, 'never')) })
  `
}

for (const [library, schema] of Object.entries(cases)) {
  t.test(`${library}: a rejecting async rule leaves a plain node process running, each request answered as a failed validator`, async (t) => {
    const run = await runAsyncRuleChild(`import { validatorCompiler } from '@enclave/standard-schema'\n${schema}`, 3)
    t.ok(run.alive, 'the process is still running')
    t.notMatch(run.stderr, /Unhandled|unhandled|lookup unavailable/)
    t.strictSame(run.answers.enclave.map((answer) => answer.statusCode), [500, 500, 500])
    t.match(run.answers.enclave[0]?.body, { statusCode: 500, message: 'The body validator failed to complete' })
    t.strictSame(run.answers.fastify.map((answer) => answer.statusCode), [400, 400, 400])
    t.match(run.answers.fastify[0]?.body, { statusCode: 400, message: 'lookup unavailable' })
  })
}
