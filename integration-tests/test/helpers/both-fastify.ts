/**
 * Runs one set of cases against fastify@4.29.1 and against @enclave/fastify4. The apps under
 * integration-tests/apps import `fastify`, which resolves to a stand-in (apps/node_modules/fastify)
 * that forwards to the implementation FASTIFY_UNDER_TEST names; each run builds its own app.
 */
import type { Test } from 'tap'

export const implementations = ['fastify4', 'enclave'] as const
export type Implementation = typeof implementations[number]

export function onBothFastifies (t: Test, cases: (t: Test, implementation: Implementation) => Promise<void>): void {
  for (const implementation of implementations) {
    t.test(implementation === 'fastify4' ? 'on fastify@4.29.1' : 'on @enclave/fastify4', async (t) => {
      const previous = process.env.FASTIFY_UNDER_TEST
      process.env.FASTIFY_UNDER_TEST = implementation
      t.teardown(() => {
        if (previous === undefined) delete process.env.FASTIFY_UNDER_TEST
        else process.env.FASTIFY_UNDER_TEST = previous
      })
      await cases(t, implementation)
    })
  }
}
