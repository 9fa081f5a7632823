// The spec's "Encapsulation rules" 1–8 on the spec's own example tree, served on 127.0.0.1:
//
//   root                      decorators, hook, schema "root"          GET /root
//   ├── public child          "public"                                 GET /public
//   │   ├── wrapped grandchild (plugin wrapper) "wrapped"              GET /public/wrapped
//   │   └── grandchild        "grandchild"                             GET /public/inner
//   └── private child         "private", bearer-auth                   GET /private
//       └── grandchild        (nothing of its own)                     GET /private/inner
import t from 'tap'
import enclave from '@enclave/core'
import type { EnclaveInstance, EnclaveRequest } from '@enclave/core'
import plugin from '@enclave/plugin'
import bearerAuth from '@enclave/bearer-auth'
import { start } from './helpers/listen.js'

const names = ['root', 'public', 'wrapped', 'grandchild', 'private'] as const
const token = 'integration-key'

/** Decorations are added at run time under computed names; read them as plain properties. */
function decorations (request: EnclaveRequest): Record<string, unknown> {
  return request as unknown as Record<string, unknown>
}

/** Marks undefined explicitly: JSON would otherwise drop the key and hide what was seen. */
function shown (value: unknown): unknown {
  return value === undefined ? '(undefined)' : value
}

/** Registers everything a context owns under one name: request and instance decorators, a hook, a shared schema. */
function own (instance: EnclaveInstance, name: string): void {
  instance.decorateRequest(`${name}Value`, name)
  instance.decorate(`${name}Util`, name)
  instance.addSchema({ $id: `${name}-schema`, type: 'object', properties: { [name]: { type: 'string' } } })
  instance.addHook('onRequest', async function trail (request: EnclaveRequest) {
    (decorations(request).trail as string[]).push(name)
  })
}

/** What a route sees: request decorations, instance decorators, hooks that ran and shared schemas. */
function report (this: EnclaveInstance, request: EnclaveRequest): unknown {
  const seen: { request: Record<string, unknown>, instance: string[], hooks: unknown, schemas: string[] } = {
    request: {},
    instance: names.filter((name) => this.hasDecorator(`${name}Util`)),
    hooks: decorations(request).trail,
    schemas: Object.keys(this.getSchemas()).sort()
  }
  for (const name of names) seen.request[name] = shown(decorations(request)[`${name}Value`])
  return seen
}

const app = enclave()
app.decorateRequest('trail', null)
app.addHook('onRequest', async function startTrail (request: EnclaveRequest) { decorations(request).trail = [] })
own(app, 'root')
app.get('/root', report)
app.register(async function publicContext (child) {
  own(child, 'public')
  child.get('/', report)
  await child.register(plugin(async function wrappedGrandchild (grandchild: EnclaveInstance) {
    own(grandchild, 'wrapped')
    grandchild.get('/wrapped', report)
  }, { name: 'wrapped-grandchild' }))
  child.register(async function grandchild (grandchild) {
    own(grandchild, 'grandchild')
    grandchild.get('/', report)
  }, { prefix: '/inner' })
}, { prefix: '/public' })
app.register(async function privateContext (child) {
  await child.register(bearerAuth, { keys: [token] })
  own(child, 'private')
  child.get('/', report)
  child.register(async function privateGrandchild (grandchild) {
    grandchild.get('/', report)
  }, { prefix: '/inner' })
}, { prefix: '/private' })

const client = await start(t, app)
const auth = { authorization: `Bearer ${token}` }

async function seenBy (path: string): Promise<any> {
  const response = await client.request(path, { headers: path.startsWith('/private') ? auth : {} })
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${response.text}`)
  return response.json
}

const visible = (...owners: string[]) => Object.fromEntries(names.map((name) => [name, owners.includes(name) ? name : '(undefined)']))

t.test('encapsulation rule 1: child and grandchild contexts use everything registered in the root context', async (t) => {
  for (const path of ['/public', '/public/inner', '/public/wrapped', '/private', '/private/inner']) {
    const seen = await seenBy(path)
    t.equal(seen.request.root, 'root', `${path}: the root request decorator`)
    t.ok(seen.instance.includes('root'), `${path}: the root instance decorator`)
    t.equal(seen.hooks[0], 'root', `${path}: the root hook ran, first`)
    t.ok(seen.schemas.includes('root-schema'), `${path}: the root shared schema`)
  }
})

t.test('encapsulation rule 2: a grandchild context uses what its containing child registered', async (t) => {
  const seen = await seenBy('/public/inner')
  t.equal(seen.request.public, 'public')
  t.ok(seen.instance.includes('public'))
  t.strictSame(seen.hooks, ['root', 'public', 'wrapped', 'grandchild'], 'the hooks of every ancestor ran, outermost first')
  t.ok(seen.schemas.includes('public-schema'))
  t.ok((await seenBy('/private/inner')).hooks.includes('private'), 'the same under the private child')
})

t.test('encapsulation rule 3: a containing context cannot use what its descendants registered', async (t) => {
  for (const path of ['/root', '/public']) {
    const seen = await seenBy(path)
    t.equal(seen.request.grandchild, '(undefined)', `${path}: a request property decorated in the grandchild is undefined`)
    t.notOk(seen.instance.includes('grandchild'), `${path}: nor its instance decorator`)
    t.notOk(seen.hooks.includes('grandchild'), `${path}: nor its hook`)
    t.notOk(seen.schemas.includes('grandchild-schema'), `${path}: nor its schema`)
  }
  const root = await seenBy('/root')
  t.strictSame(root, { request: visible('root'), instance: ['root'], hooks: ['root'], schemas: ['root-schema'] }, 'the root sees only its own')
})

t.test('encapsulation rule 4: sibling contexts do not see each other\'s registrations', async (t) => {
  const pub = await seenBy('/public')
  t.equal(pub.request.private, '(undefined)')
  t.notOk(pub.instance.includes('private'))
  t.notOk(pub.hooks.includes('private'))
  t.notOk(pub.schemas.includes('private-schema'))
  const priv = await seenBy('/private')
  t.equal(priv.request.public, '(undefined)')
  t.equal(priv.request.wrapped, '(undefined)', 'not even what a wrapped plugin added to the sibling')
  t.notOk(priv.instance.includes('public'))
  t.notOk(priv.hooks.includes('public'))
  t.notOk(priv.schemas.includes('public-schema'))
})

t.test('encapsulation rule 5: a plugin registered in one context (authentication) applies only to that context and its descendants', async (t) => {
  for (const path of ['/private', '/private/inner']) {
    const refused = await client.request(path)
    t.equal(refused.status, 401, `${path} requires the bearer key`)
    t.strictSame(refused.json, { error: 'missing authorization header' })
    t.equal((await client.request(path, { headers: auth })).status, 200, `${path} with the key reaches the handler`)
  }
  for (const path of ['/root', '/public', '/public/inner', '/public/wrapped']) {
    t.equal((await client.request(path)).status, 200, `${path} needs no key`)
  }
})

t.test('encapsulation rule 6: what a wrapped plugin registers is available in its containing parent context', async (t) => {
  const parent = await seenBy('/public')
  t.equal(parent.request.wrapped, 'wrapped', 'a decorator added in the wrapped grandchild is visible in the parent\'s route')
  t.ok(parent.instance.includes('wrapped'))
  t.strictSame(parent.hooks, ['root', 'public', 'wrapped'], 'its hook runs for the parent\'s routes')
  t.ok(parent.schemas.includes('wrapped-schema'), 'its schema is the parent\'s')
  t.ok((await seenBy('/public/inner')).request.wrapped === 'wrapped', 'and so in the parent\'s other descendants')
  t.equal((await seenBy('/root')).request.wrapped, '(undefined)', 'but not above the parent')
})

t.test('encapsulation rule 7: the example: root everywhere, public in its route and the grandchild, grandchild only there unless wrapped', async (t) => {
  const expected: Record<string, Record<string, unknown>> = {
    '/root': visible('root'),
    '/public': visible('root', 'public', 'wrapped'),
    '/public/wrapped': visible('root', 'public', 'wrapped'),
    '/public/inner': visible('root', 'public', 'wrapped', 'grandchild'),
    '/private': visible('root', 'private'),
    '/private/inner': visible('root', 'private')
  }
  for (const [path, decorators] of Object.entries(expected)) {
    t.strictSame((await seenBy(path)).request, decorators, path)
  }
})

t.test('encapsulation rule 8: getSchemas in a child returns the root\'s schemas and its own, not its descendants\'', async (t) => {
  t.strictSame((await seenBy('/public')).schemas, ['public-schema', 'root-schema', 'wrapped-schema'])
  t.strictSame((await seenBy('/public/inner')).schemas, ['grandchild-schema', 'public-schema', 'root-schema', 'wrapped-schema'])
  t.strictSame((await seenBy('/private')).schemas, ['private-schema', 'root-schema'])
  t.strictSame((await seenBy('/root')).schemas, ['root-schema'])
})
