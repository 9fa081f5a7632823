import t from 'tap'
import type { Test } from 'tap'
import enclave from '@enclave/core'
import fastifyPlugin from 'fastify-plugin'
import { plugin as enclavePlugin } from '@enclave/plugin'
import type { EnclaveInstance, EnclaveReply, EnclaveRequest } from '@enclave/core'

type Wrap = (fn: (instance: EnclaveInstance, options: any) => Promise<void>, meta?: { name?: string }) => any

// Rules 6 and 7 of docs/encapsulation.md (the wrapped half of 7) run with both wrappers: ours and the real fastify-plugin.
const wrappers: Array<[string, Wrap]> = [
  ['@enclave/plugin', (fn, meta) => enclavePlugin(fn, meta)],
  ['fastify-plugin', (fn, meta) => fastifyPlugin(fn as any, meta)]
]

function build (t: Test): EnclaveInstance {
  const app = enclave()
  t.teardown(() => app.close())
  return app
}

const names = ['root', 'child', 'grandchild'] as const

function shown (value: unknown): unknown {
  return value === undefined ? '(undefined)' : value
}

/** What a handler sees of every decorator of the example: on its instance, request and reply. */
function visibility (instance: EnclaveInstance, request: EnclaveRequest, reply: EnclaveReply): Record<string, Record<string, unknown>> {
  const seen: Record<string, Record<string, unknown>> = { instance: {}, request: {}, reply: {} }
  for (const name of names) {
    seen.instance![name] = shown((instance as any)[`${name}Decorator`])
    seen.request![name] = shown((request as any)[`${name}Request`])
    seen.reply![name] = shown((reply as any)[`${name}Reply`])
  }
  return seen
}

function decorateAll (instance: EnclaveInstance, name: string): void {
  instance.decorate(`${name}Decorator`, `${name} instance`)
  instance.decorateRequest(`${name}Request`, `${name} request`)
  instance.decorateReply(`${name}Reply`, `${name} reply`)
}

function sees (...visible: string[]): Record<string, Record<string, unknown>> {
  const expected: Record<string, Record<string, unknown>> = { instance: {}, request: {}, reply: {} }
  for (const name of names) {
    const on = visible.includes(name)
    expected.instance![name] = on ? `${name} instance` : '(undefined)'
    expected.request![name] = on ? `${name} request` : '(undefined)'
    expected.reply![name] = on ? `${name} reply` : '(undefined)'
  }
  return expected
}

/**
 * The spec's rule-7 example, built literally: a root decorator, a public child context with its
 * decorator and route, and a grandchild with its decorator and route (optionally wrapped).
 */
function buildExample (t: Test, wrapGrandchild?: Wrap): EnclaveInstance {
  const app = build(t)
  decorateAll(app, 'root')
  app.get('/', async function rootRoute (request, reply) { return visibility(app, request, reply) })
  app.register(async function publicChild (child) {
    decorateAll(child, 'child')
    child.get('/', async function childRoute (request, reply) { return visibility(child, request, reply) })
    const grandchild = async function grandchild (instance: EnclaveInstance): Promise<void> {
      decorateAll(instance, 'grandchild')
      instance.get('/grandchild', async function grandchildRoute (request, reply) { return visibility(instance, request, reply) })
    }
    child.register(wrapGrandchild === undefined ? grandchild : wrapGrandchild(grandchild, { name: 'grandchild' }))
  }, { prefix: '/public' })
  return app
}

t.test('rule 7: a root decorator is visible everywhere, a child one in the child and grandchild, a grandchild one only there', async (t) => {
  const app = buildExample(t)
  await app.ready()
  t.same((await app.inject('/')).json(), sees('root'), 'root route')
  t.same((await app.inject('/public')).json(), sees('root', 'child'), 'public child route: the grandchild decorations are undefined')
  t.same((await app.inject('/public/grandchild')).json(), sees('root', 'child', 'grandchild'), 'grandchild route')
})

for (const [label, wrap] of wrappers) {
  t.test(`rule 7 with the grandchild wrapped (${label}): its decorators are visible in the public child's route too`, async (t) => {
    const app = buildExample(t, wrap)
    await app.ready()
    t.same((await app.inject('/')).json(), sees('root'), 'root route: still nothing from below')
    t.same((await app.inject('/public')).json(), sees('root', 'child', 'grandchild'), 'public child route')
    t.same((await app.inject('/public/grandchild')).json(), sees('root', 'child', 'grandchild'), 'grandchild route')
  })
}

/** Registers in `instance` one of each kind of thing a context can own, all labelled `name`. */
function registerEverything (instance: EnclaveInstance, name: string): void {
  decorateAll(instance, name)
  instance.addHook('onRequest', async function trace (request) {
    const seen = ((request as any).hooksRun ??= [])
    seen.push(name)
  })
  instance.addSchema({ $id: `${name}Schema`, type: 'object', properties: { [name]: { type: 'string' } } })
  instance.addContentTypeParser(`application/x-${name}`, { parseAs: 'string' }, function parse (_request: unknown, body: string, done: (error: Error | null, value?: unknown) => void) {
    done(null, { parsedBy: name, body })
  })
}

function report (instance: EnclaveInstance, request: EnclaveRequest, reply: EnclaveReply): Record<string, unknown> {
  return {
    ...visibility(instance, request, reply),
    hooks: (request as any).hooksRun ?? [],
    schemas: Object.keys(instance.getSchemas()).sort()
  }
}

async function post (app: EnclaveInstance, url: string, type: string): Promise<{ statusCode: number, body: any }> {
  const response = await app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload: 'data' })
  return { statusCode: response.statusCode, body: response.json() }
}

t.test('rules 1 and 2: children and grandchildren use everything registered above them', async (t) => {
  const app = build(t)
  registerEverything(app, 'root')
  app.register(async function child (child) {
    registerEverything(child, 'child')
    child.register(async function grandchild (grandchild) {
      grandchild.post('/gc', {
        schema: { body: { $ref: 'childSchema#' } }
      }, async function handler (request, reply) { return { ...report(grandchild, request, reply), body: request.body } })
      grandchild.post('/gc-root-schema', {
        schema: { body: { $ref: 'rootSchema#' } }
      }, async function handler (request) { return request.body })
    })
  })
  await app.ready()
  const fromRootParser = await post(app, '/gc', 'application/x-root')
  t.equal(fromRootParser.statusCode, 200)
  t.same(fromRootParser.body, {
    ...sees('root', 'child'),
    hooks: ['root', 'child'],
    schemas: ['childSchema', 'rootSchema'],
    body: { parsedBy: 'root', body: 'data' }
  }, 'root and child decorators, hooks, schemas and the root parser reach the grandchild')
  t.same((await post(app, '/gc', 'application/x-child')).body.body, { parsedBy: 'child', body: 'data' }, 'the child parser too')
  t.same((await post(app, '/gc-root-schema', 'application/x-root')).body, { parsedBy: 'root', body: 'data' }, 'a $ref to a root shared schema resolves')
})

t.test('rule 3: a context cannot use what its descendants register', async (t) => {
  const app = build(t)
  app.register(async function child (child) {
    child.post('/child', async function handler (request, reply) { return report(child, request, reply) })
    child.register(async function grandchild (grandchild) {
      registerEverything(grandchild, 'grandchild')
    })
  })
  await app.ready()
  const response = await post(app, '/child', 'application/x-grandchild')
  t.equal(response.statusCode, 415, "the grandchild's parser does not parse the child's bodies")
  const json = await post(app, '/child', 'application/json')
  t.equal(json.statusCode, 400, 'the default JSON parser still applies (and refuses this body)')
  const plain = await app.inject({ method: 'POST', url: '/child', headers: { 'content-type': 'text/plain' }, payload: 'x' })
  t.same(plain.json(), { ...sees(), hooks: [], schemas: [] }, 'no grandchild decorator (request decorations are undefined), hook or schema')
})

t.test('rule 4: sibling contexts do not see each other', async (t) => {
  const app = build(t)
  app.register(async function left (left) {
    registerEverything(left, 'child')
    left.post('/left', async function handler (request, reply) { return report(left, request, reply) })
  })
  app.register(async function right (right) {
    right.post('/right', async function handler (request, reply) { return report(right, request, reply) })
  })
  await app.ready()
  t.same((await post(app, '/left', 'application/x-child')).body, { ...sees('child'), hooks: ['child'], schemas: ['childSchema'] })
  t.equal((await post(app, '/right', 'application/x-child')).statusCode, 415, "the left parser is not the right's")
  const right = await app.inject({ method: 'POST', url: '/right', headers: { 'content-type': 'text/plain' }, payload: 'x' })
  t.same(right.json(), { ...sees(), hooks: [], schemas: [] })
})

/** A stand-in for an authentication plugin: wrapped, it adds an onRequest hook to whoever registers it. */
const bearerCheck = async function bearerCheck (instance: EnclaveInstance, options: { key: string }): Promise<void> {
  instance.addHook('onRequest', async function authenticate (request, reply) {
    if (request.headers.authorization !== `Bearer ${options.key}`) {
      reply.code(401).send({ error: 'unauthorized' })
    }
  })
}

for (const [label, wrap] of wrappers) {
  t.test(`rule 5: a plugin registered in a context applies to that context and its descendants only (${label})`, async (t) => {
    const app = build(t)
    app.get('/public', async function handler () { return 'public' })
    app.register(async function privateArea (area) {
      area.register(wrap(bearerCheck, { name: 'bearer-check' }), { key: 'secret' })
      area.get('/private', async function handler () { return 'private' })
      area.register(async function nested (nested) {
        nested.get('/private/nested', async function handler () { return 'nested' })
      })
    })
    app.register(async function sibling (sibling) {
      sibling.get('/sibling', async function handler () { return 'sibling' })
    })
    await app.ready()
    for (const url of ['/private', '/private/nested']) {
      const refused = await app.inject(url)
      t.equal(refused.statusCode, 401, `${url} without a key`)
      t.same(refused.json(), { error: 'unauthorized' })
      const allowed = await app.inject({ url, headers: { authorization: 'Bearer secret' } })
      t.equal(allowed.statusCode, 200, `${url} with the key`)
    }
    t.equal((await app.inject('/public')).body, 'public', 'the parent is not protected')
    t.equal((await app.inject('/sibling')).body, 'sibling', 'a sibling is not protected')
  })

  t.test(`rule 6: what a wrapped plugin registers is available in its parent (${label})`, async (t) => {
    const app = build(t)
    app.register(async function child (child) {
      child.register(wrap(async function wrapped (instance) { registerEverything(instance, 'grandchild') }, { name: 'wrapped' }))
      child.post('/child', async function handler (request, reply) { return report(child, request, reply) })
    })
    app.post('/root', async function handler (request, reply) { return report(app, request, reply) })
    await app.ready()
    const child = await post(app, '/child', 'application/x-grandchild')
    t.equal(child.statusCode, 200, "the wrapped plugin's parser serves the parent")
    t.same(child.body, { ...sees('grandchild'), hooks: ['grandchild'], schemas: ['grandchildSchema'] }, 'decorators, hooks and schemas too')
    const root = await app.inject({ method: 'POST', url: '/root', headers: { 'content-type': 'text/plain' }, payload: 'x' })
    t.same(root.json(), { ...sees(), hooks: [], schemas: [] }, 'but not the parent of the parent')
  })
}

t.test('rule 8: getSchemas returns the root schemas and this context\'s, not the descendants\'', async (t) => {
  const app = build(t)
  app.addSchema({ $id: 'rootSchema', type: 'string' })
  const seen: Record<string, string[]> = {}
  const one: Record<string, unknown> = {}
  app.register(async function child (child) {
    child.addSchema({ $id: 'childSchema', type: 'number' })
    child.register(async function grandchild (grandchild) {
      grandchild.addSchema({ $id: 'grandchildSchema', type: 'boolean' })
      seen.grandchild = Object.keys(grandchild.getSchemas())
    })
    child.after(function afterGrandchild () {
      seen.child = Object.keys(child.getSchemas())
      one.childSeesGrandchild = child.getSchema('grandchildSchema')
      one.childSeesRoot = child.getSchema('rootSchema')
    })
  })
  app.register(async function sibling (sibling) {
    seen.sibling = Object.keys(sibling.getSchemas())
  })
  await app.ready()
  seen.root = Object.keys(app.getSchemas())
  t.same(seen, {
    root: ['rootSchema'],
    child: ['rootSchema', 'childSchema'],
    grandchild: ['rootSchema', 'childSchema', 'grandchildSchema'],
    sibling: ['rootSchema']
  })
  t.same(app.getSchemas(), { rootSchema: { $id: 'rootSchema', type: 'string' } }, 'the schemas themselves')
  t.equal(one.childSeesGrandchild, undefined)
  t.same(one.childSeesRoot, { $id: 'rootSchema', type: 'string' })
})
