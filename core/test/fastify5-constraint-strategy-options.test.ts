import { test } from 'tap'
import { sameOnBoth } from './fixtures/same-on-fastify5.js'
import { faces, type Factory } from './fixtures/faces.js'

/** A custom constraint strategy, as in Fastify's Server reference, with `changes` applied. */
function strategy (changes: Record<string, unknown>): Record<string, unknown> {
  return Object.assign({
    name: 'version',
    storage () {
      const versions: Record<string, unknown> = {}
      return { get: (version: string) => versions[version] ?? null, set: (version: string, store: unknown) => { versions[version] = store } }
    },
    deriveConstraint: (req: { headers: Record<string, string> }) => req.headers.accept,
    validate () {}
  }, changes)
}

/** The error the factory throws for these options (name, code, message), or 'ok'. */
function factoryError (factory: Factory, options: Record<string, unknown>): unknown {
  try {
    factory(options)
    return 'ok'
  } catch (error) {
    const { name, code, message } = error as Error & { code?: string }
    return { name, code, message }
  }
}

const changes: Array<Record<string, unknown>> = [
  { name: undefined }, { name: 5 }, { name: '' }, { storage: undefined }, { storage: 'store' },
  { deriveConstraint: undefined }, { deriveConstraint: 'accept' }, { validate: undefined }
]

test('routerOptions.constraints: each strategy is checked as Fastify 5\'s router checks it (AssertionError), validate optional', async (t) => {
  const seen = await sameOnBoth(t, async (factory) => changes.map((change) => factoryError(factory, { routerOptions: { constraints: { version: strategy(change) } } })))
  t.match(seen[0], { name: 'AssertionError', code: 'ERR_ASSERTION', message: 'strategy.name is required.' })
  t.equal(seen[7], 'ok')
})

test('top-level constraints: the options schema first, then the router\'s checks, as in fastify@5.12.8', async (t) => {
  const seen = await sameOnBoth(t, async (factory) => changes.map((change) => factoryError(factory, { constraints: { version: strategy(change) } })))
  t.match(seen[0], { code: 'FST_ERR_INIT_OPTS_INVALID' })
  t.match(seen[1], { name: 'AssertionError', message: 'strategy.name is required.' })
})

test('top-level constraints on Fastify 4.29\'s entries: the same checks as fastify@4.29.1', async (t) => {
  const seen: Record<string, unknown> = {}
  for (const [name, factory] of faces) seen[name] = changes.map((change) => factoryError(factory, { constraints: { version: strategy(change) } }))
  const expected = seen['fastify@4.29.1']
  t.same(seen, { 'fastify@4.29.1': expected, 'enclave()': expected, '@enclave/fastify4': expected })
})

test('Server reference\'s custom version strategy, given a name, routes by the Accept header', async (t) => {
  const seen = await sameOnBoth(t, async (factory) => {
    const app = factory({ routerOptions: { constraints: { version: strategy({}) } } })
    app.get('/', { constraints: { version: 'application/v2' } }, async () => 'v2')
    const answers: Array<[number, string]> = []
    for (const accept of ['application/v2', 'application/v1']) {
      const res = await app.inject({ url: '/', headers: { accept } })
      answers.push([res.statusCode, res.body])
    }
    await app.close()
    return answers
  })
  t.equal(seen[0]![1], 'v2')
  t.equal(seen[1]![0], 404)
})
