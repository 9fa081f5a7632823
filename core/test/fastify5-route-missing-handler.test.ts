import { test } from 'tap'
import { sameOnBoth } from './fixtures/same-on-fastify5.js'
import { faces, type Factory } from './fixtures/faces.js'

/**
 * Routes declared without a handler (Fastify's Routes reference declares `fastify.post('/name::verb')`
 * to show the path syntax): the error each declaration throws, and the routes onRoute hooks saw.
 */
async function declareWithoutHandler (factory: Factory): Promise<unknown> {
  const app = factory()
  const seen: string[] = []
  app.addHook('onRoute', (route: { method: string, url: string }) => { seen.push(`${String(route.method)} ${route.url}`) })
  const errors: unknown[] = []
  const attempt = (declare: () => void): void => {
    try {
      declare()
      errors.push('ok')
    } catch (error) {
      const { code, message } = error as Error & { code?: string }
      errors.push({ code, message })
    }
  }
  await app.register(async function routes (child: any) {
    attempt(() => child.post('/name::verb'))
    attempt(() => child.route({ method: 'post', url: '/lower' }))
    attempt(() => child.route({ method: ['GET', 'post'], url: '/many', handler: null }))
    attempt(() => child.route({ method: 'NOPE', url: '/bad-method' }))
  }, { prefix: '/api' })
  await app.ready()
  await app.close()
  return { errors, seen }
}

test('a route without a handler is refused before onRoute hooks see it, as in fastify@5.12.8', async (t) => {
  const result = await sameOnBoth(t, declareWithoutHandler) as { seen: string[] }
  t.same(result.seen, [])
})

test('a route without a handler on Fastify 4.29\'s entries: refused before onRoute, after the method check, as fastify@4.29.1', async (t) => {
  const seen: Record<string, unknown> = {}
  for (const [name, factory] of faces) seen[name] = await declareWithoutHandler(factory)
  const expected = seen['fastify@4.29.1'] as { seen: string[] }
  t.same(expected.seen, [])
  t.same(seen, { 'fastify@4.29.1': expected, 'enclave()': expected, '@enclave/fastify4': expected })
})
