import t from 'tap'
import { z } from 'zod'
import { z as z3 } from 'zod/v3'
import { validatorCompiler } from '@enclave/standard-schema'
import { assertRejectionsAnswered, runAsyncRuleChild } from '../../kit/test/fixtures/async-rule-child.js'

// zod's own `~standard.validate` (4, and 3 on first use) parses synchronously first and drops the
// promise of the async rule it meets there: the adapter parses such a zod schema with safeParseAsync instead.
const cases: Record<string, string> = {
  'zod 4': `
    import { z } from 'zod'
    const body = z.object({ id: z.string().refine(async () => { throw new Error('lookup unavailable') }) })
  `,
  'zod 4 (a check that returns a promise from a plain function)': `
    import { z } from 'zod'
    const body = z.object({ id: z.string().superRefine(() => Promise.reject(new Error('lookup unavailable'))) })
  `,
  'zod 3 (zod/v3)': `
    import { z } from 'zod/v3'
    const body = z.object({ id: z.string().refine(async () => { throw new Error('lookup unavailable') }) })
  `,
  valibot: `
    import * as v from 'valibot'
    const body = v.objectAsync({ id: v.pipeAsync(v.string(), v.checkAsync(async () => { throw new Error('lookup unavailable') }, 'never')) })
  `
}

for (const [library, schema] of Object.entries(cases)) {
  t.test(`${library}: a rejecting async rule leaves a plain node process running, each request answered as a failed validator`, async (t) => {
    const run = await runAsyncRuleChild(`import { validatorCompiler } from '@enclave/standard-schema'\n${schema}`, 3)
    assertRejectionsAnswered(t, run, 'lookup unavailable')
  })
}

t.test('a zod schema without code of the user\'s keeps zod\'s synchronous validate; one with a rule is awaited, each rule run once', async (t) => {
  const compile = (schema: unknown) => validatorCompiler({ schema, method: 'POST', url: '/', httpPart: 'body' })
  const Tree3: z3.ZodTypeAny = z3.lazy(() => z3.object({ name: z3.string(), children: z3.array(Tree3) }))
  const plain = { 'zod 4': z.object({ a: z.string().min(1).trim() }), 'zod 3': z3.object({ a: z3.string().min(1).trim() }), 'zod 3 lazy': Tree3 }
  t.notOk(compile(plain['zod 4'])({ a: 'x' }) instanceof Promise, 'zod 4')
  t.notOk(compile(plain['zod 3'])({ a: 'x' }) instanceof Promise, 'zod 3')
  t.notOk(compile(plain['zod 3 lazy'])({ name: 'r', children: [] }) instanceof Promise, 'zod 3, recursive lazy')

  let calls = 0
  const count = () => { calls++; return true }
  for (const [name, schema] of Object.entries({ 'zod 4': z.string().refine(count), 'zod 3': z3.string().refine(count), 'zod 3 under a lazy object': z3.lazy(() => z3.object({ a: z3.string().refine(count) })) })) {
    calls = 0
    const result = compile(schema)(name.endsWith('object') ? { a: 'x' } : 'x')
    t.ok(result instanceof Promise, `${name}: a promise`)
    t.strictSame(await result, { value: name.endsWith('object') ? { a: 'x' } : 'x' })
    t.equal(calls, 1, `${name}: the rule ran once`)
  }
  const refused = await compile(z.object({ a: z.string().refine((value) => value !== 'no', 'refused') }))({ a: 'no' }) as { error: { message: string, statusCode: number } }
  t.equal(refused.error.statusCode, 400)
  t.match(refused.error.message, /body\/a refused/)
})
