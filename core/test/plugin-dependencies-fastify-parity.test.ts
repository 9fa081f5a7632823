import t from 'tap'
import Fastify from 'fastify4'
import fp from 'fastify-plugin'
import enclave from '@enclave/core'

/** What ready() rejects with when a plugin declares `dependencies`, as a user catching it sees it. */
async function readyFailure (factory: (options?: any) => any, register: (app: any) => void) {
  const app = factory()
  register(app)
  try {
    await app.ready()
    return 'ready'
  } catch (error: any) {
    return { code: error.code, name: error.name, message: error.message, isError: error instanceof Error }
  } finally {
    await app.close()
  }
}

const cases: Record<string, (app: any) => void> = {
  'a missing dependency': (app) => { app.register(fp(async () => {}, { name: 'users', dependencies: ['db'] })) },
  'a dependency registered after the plugin': (app) => {
    app.register(fp(async () => {}, { name: 'users', dependencies: ['db'] }))
    app.register(fp(async () => {}, { name: 'db' }))
  },
  'dependencies that are not an array': (app) => { app.register(fp(async () => {}, { name: 'users', dependencies: 'db' as any })) },
  'an empty-string dependencies value (ignored)': (app) => { app.register(fp(async () => {}, { name: 'users', dependencies: '' as any })) },
  'a dependency registered before': (app) => {
    app.register(fp(async () => {}, { name: 'db' }))
    app.register(fp(async () => {}, { name: 'users', dependencies: ['db'] }))
  }
}

for (const [label, register] of Object.entries(cases)) {
  t.test(`plugin dependencies, ${label}: ready() settles as in Fastify 4.29`, async (t) => {
    t.same(await readyFailure(enclave, register), await readyFailure(Fastify, register))
  })
}

t.test('a missing dependency is an AssertionError naming both plugins, as in Fastify', async (t) => {
  t.same(await readyFailure(enclave, cases['a missing dependency']!), {
    code: 'ERR_ASSERTION',
    name: 'AssertionError',
    message: "The dependency 'db' of plugin 'users' is not registered",
    isError: true
  })
})
