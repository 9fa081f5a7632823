// A compiler set with setValidatorCompiler() / setSerializerCompiler() and a descendant context that
// adds shared schemas of its own: Fastify 4.29 and 5.12 give that context's routes the default
// compilers (Ajv, fast-json-stringify) unless it set a compiler itself; enclave() keeps the
// inherited one (`keepCompilersOnAddSchema`), as the spec's encapsulation rule says.
import { readFileSync } from 'node:fs'
import t from 'tap'
import enclave from '@enclave/core'
import { differingOptions } from '@enclave/core/internal'
import fp from 'fastify-plugin'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const body = { type: 'object', properties: { name: { type: 'string' } }, additionalProperties: false }
const response = { 200: { type: 'object', properties: { a: { type: 'string' } } } }
const schema = { body, response }

function refuseAll (tag: string) {
  return () => () => ({ error: new Error(`refused by ${tag}`) })
}

function tagged (tag: string) {
  return () => (data: unknown) => `${tag}:${JSON.stringify(data)}`
}

async function answer (request: { body: unknown }) {
  return { a: 'x', b: 'y', body: request.body }
}

/** Where each route sits, and what the request it gets shows: which validator and serializer ran. */
const urls = [
  '/root', '/child', '/child/grandchild', '/own', '/own/grandchild-adds', '/own/grandchild',
  '/wrapped-adds', '/late', '/route-level', '/refs'
]

function build (factory: Factory, options?: Record<string, unknown>) {
  const app = factory(options)
  app.setValidatorCompiler(refuseAll('root'))
  app.setSerializerCompiler(tagged('root'))
  // The root's own shared schema (here through a wrapped plugin): the root set its compilers itself.
  app.register(fp(async (instance: any) => { instance.addSchema({ $id: 'RootShared', type: 'object' }) }))
  app.post('/root', { schema }, answer)
  app.register(async (child: any) => {
    child.addSchema({ $id: 'ChildShared', type: 'object' })
    child.post('/child', { schema }, answer)
    // Registered after the child's addSchema(): it keeps the inherited compilers.
    child.register(async (grandchild: any) => { grandchild.post('/child/grandchild', { schema }, answer) })
  })
  app.register(async (own: any) => {
    own.addSchema({ $id: 'OwnShared', type: 'object' })
    own.setValidatorCompiler(refuseAll('own'))
    own.post('/own', { schema }, answer)
    own.register(async (grandchild: any) => {
      grandchild.addSchema({ $id: 'GrandchildShared', type: 'object' })
      grandchild.post('/own/grandchild-adds', { schema }, answer)
    })
    own.register(async (grandchild: any) => { grandchild.post('/own/grandchild', { schema }, answer) })
  })
  app.register(async (child: any) => {
    child.register(fp(async (instance: any) => { instance.addSchema({ $id: 'WrappedShared', type: 'object' }) }))
    child.post('/wrapped-adds', { schema }, answer)
  })
  app.register(async (child: any) => {
    child.post('/late', { schema }, answer)
    await child.register(async () => {})
    child.addSchema({ $id: 'LateShared', type: 'object' })
  })
  app.register(async (child: any) => {
    child.addSchema({ $id: 'RouteLevelShared', type: 'object' })
    child.post('/route-level', { schema, validatorCompiler: refuseAll('route'), serializerCompiler: tagged('route') }, answer)
  })
  app.register(async (child: any) => {
    child.addSchema({ $id: 'Named', type: 'object', properties: { name: { type: 'string' } } })
    child.post('/refs', { schema: { body: { $ref: 'Named#' }, response: { 200: { $ref: 'Named#' } } } }, async () => ({ name: 'n', extra: 1 }))
  })
  return app
}

async function answers (factory: Factory, options?: Record<string, unknown>) {
  const app = build(factory, options)
  try {
    const seen: Record<string, string> = {}
    for (const url of urls) {
      const reply = await app.inject({ method: 'POST', url, payload: { name: 'Ada', x: 1 } })
      seen[url] = `${reply.statusCode} ${reply.statusCode === 200 ? reply.body : reply.json().message}`
    }
    return seen
  } finally {
    await app.close()
  }
}

/** Fastify's answers: the default compilers only where a context added schemas and set no compiler itself. */
const fastifyAnswers = {
  '/root': '400 refused by root',
  '/child': '200 {"a":"x"}',
  '/child/grandchild': '400 refused by root',
  '/own': '400 refused by own',
  '/own/grandchild-adds': '200 {"a":"x"}',
  '/own/grandchild': '400 refused by own',
  '/wrapped-adds': '200 {"a":"x"}',
  '/late': '200 {"a":"x"}',
  '/route-level': '400 refused by route',
  '/refs': '200 {"name":"n"}'
}

for (const [name, factory] of [...faces, ...fastify5Faces]) {
  if (name === 'enclave()') continue
  t.test(`${name}: a context that adds shared schemas gets the default compilers, unless it set its own`, async (t) => {
    t.strictSame(await answers(factory), fastifyAnswers)
  })
}

t.test('enclave(): compilers set above reach a context that adds shared schemas', async (t) => {
  t.strictSame(await answers(enclave as unknown as Factory), {
    '/root': '400 refused by root',
    '/child': '400 refused by root',
    '/child/grandchild': '400 refused by root',
    '/own': '400 refused by own',
    '/own/grandchild-adds': '400 refused by own',
    '/own/grandchild': '400 refused by own',
    '/wrapped-adds': '400 refused by root',
    '/late': '400 refused by root',
    '/route-level': '400 refused by route',
    '/refs': '400 refused by root'
  })
})

t.test('enclave() with keepCompilersOnAddSchema: false answers as Fastify', async (t) => {
  t.strictSame(await answers(enclave as unknown as Factory, { keepCompilersOnAddSchema: false }), fastifyAnswers)
})

t.test('the serializer follows the same rule', async (t) => {
  for (const [options, expected] of [
    [undefined, 'root:{"a":"x","b":"y"}'],
    [{ keepCompilersOnAddSchema: false }, '{"a":"x"}']
  ] as const) {
    const app = enclave(options)
    app.setSerializerCompiler(tagged('root'))
    app.register(async (child) => {
      child.addSchema({ $id: 'ChildShared', type: 'object' })
      child.get('/', { schema: { response } }, async () => ({ a: 'x', b: 'y' }))
    })
    t.equal((await app.inject('/')).body, expected)
    await app.close()
  }
})

t.test('keepCompilersOnAddSchema is listed with Fastify\'s value, enclave()\'s default and its row, and must be a boolean', async (t) => {
  t.strictSame(differingOptions.keepCompilersOnAddSchema, { fastify: false, enclave: true })
  const table = readFileSync(new URL('../../docs/migrating-from-fastify.md', import.meta.url), 'utf8')
  t.equal(table.split('\n').filter((line) => line.startsWith('| ') && line.includes('(option `keepCompilersOnAddSchema`)')).length, 1, 'one row in the differences table')
  t.throws(() => enclave({ keepCompilersOnAddSchema: 'yes' as never }), { code: 'FST_ERR_INIT_OPTS_INVALID' })
})
