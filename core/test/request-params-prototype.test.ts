import t from 'tap'
import { faces, fastify5Faces } from './fixtures/faces.js'

// What a handler sees of request.params: its prototype, whether Object.prototype's methods are
// reachable through it, and its own keys.
function look (request: any): unknown[] {
  const params = request.params
  const proto = Object.getPrototypeOf(params)
  return [proto === Object.prototype ? 'Object.prototype' : proto === null || Object.getPrototypeOf(proto) === null ? 'none' : 'other',
    typeof params.hasOwnProperty, JSON.stringify(params)]
}

const urls = ['/users/7', '/static', '/files/a/b', '/params/polluted', '/no/such%20page']

async function answers (factory: (options?: any) => any): Promise<unknown[]> {
  const app = factory()
  app.get('/users/:id', async (request: any) => look(request))
  app.get('/static', async (request: any) => look(request))
  app.get('/files/*', async (request: any) => look(request))
  // A parameter named __proto__: an own property where params has no prototype, lost on a plain object.
  app.get('/params/:__proto__', async (request: any) => look(request))
  app.setNotFoundHandler(async (request: any, reply: any) => reply.code(404).send(look(request)))
  const out: unknown[] = []
  for (const url of urls) out.push((await app.inject(url)).json())
  await app.close()
  return out
}

const plain = ['Object.prototype', 'function']
const bare = ['none', 'undefined']
const expected: Record<string, unknown[]> = {
  // find-my-way 8 builds a plain object for every request.
  'fastify@4.29.1': [[...plain, '{"id":"7"}'], [...plain, '{}'], [...plain, '{"*":"a/b"}'], [...plain, '{}'], [...plain, '{"*":"no/such page"}']],
  // find-my-way 9's objects have no prototype on matched routes; the not-found params are Fastify 4.29's plain object.
  'enclave()': [[...bare, '{"id":"7"}'], [...bare, '{}'], [...bare, '{"*":"a/b"}'], [...bare, '{"__proto__":"polluted"}'], [...plain, '{"*":"no/such page"}']],
  '@enclave/fastify4': [[...bare, '{"id":"7"}'], [...bare, '{}'], [...bare, '{"*":"a/b"}'], [...bare, '{"__proto__":"polluted"}'], [...plain, '{"*":"no/such page"}']],
  // Fastify 5: no prototype on every request.
  'fastify@5.12.8': [[...bare, '{"id":"7"}'], [...bare, '{}'], [...bare, '{"*":"a/b"}'], [...bare, '{"__proto__":"polluted"}'], [...bare, '{"*":"no/such page"}']]
}
expected['@enclave/fastify (v5)'] = expected['fastify@5.12.8']!

for (const [name, factory] of [...faces, ...fastify5Faces]) {
  t.test(`${name}: request.params prototype on matched, wildcard and not-found requests`, async (t) => {
    t.same(await answers(factory), expected[name])
  })
}
