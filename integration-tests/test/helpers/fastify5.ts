/**
 * Runs one set of assertions against fastify@5.12.8 and against the Fastify v5 face, `@enclave/fastify`,
 * each loaded as an app loads `fastify`. The Fastify 5 majors of the official plugins are installed
 * as `@fastify5/<name>` aliases (integration-tests/package.json), beside the Fastify 4 majors that the
 * v4 face's tests import under their own names.
 */
import type { Test } from 'tap'
import fastify5 from 'fastify5'
import enclaveFastify from '@enclave/fastify'

export type Fastify5Factory = (options?: Record<string, unknown>) => any

export const fastify5Implementations: Array<[string, Fastify5Factory]> = [
  ['fastify@5.12.8', fastify5 as unknown as Fastify5Factory],
  ['@enclave/fastify', enclaveFastify as unknown as Fastify5Factory]
]

/**
 * One subtest per implementation: `build` makes the file's one app (not yet ready), `cases` asserts
 * against it. The app is closed when the subtest ends.
 */
export function onFastify5 (
  t: Test,
  build: (fastify: Fastify5Factory) => Promise<any> | any,
  cases: (t: Test, app: any) => Promise<void> | void
): void {
  for (const [name, fastify] of fastify5Implementations) {
    t.test(`on ${name}`, async (t) => {
      const app = await build(fastify)
      t.teardown(() => app.close())
      await app.ready()
      await cases(t, app)
    })
  }
}
