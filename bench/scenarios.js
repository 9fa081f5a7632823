// The data, schemas and route tables every peer server implements, so all peers do the same work.
// Deterministic: no randomness, so every process (and every run) sees identical payloads.

export const helloWorld = { hello: 'world' }

/** S2: a user as an API would return it — strings, ints, a nested object, a boolean, a date string. */
export const userSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
    age: { type: 'integer' },
    active: { type: 'boolean' },
    role: { type: 'string' },
    createdAt: { type: 'string' },
    address: {
      type: 'object',
      properties: {
        street: { type: 'string' },
        city: { type: 'string' },
        zip: { type: 'string' }
      }
    }
  }
}

export const usersResponseSchema = { type: 'array', items: userSchema }

const cities = ['Lisbon', 'Berlin', 'Nairobi', 'Osaka', 'Lima', 'Toronto', 'Hanoi', 'Oslo']
const roles = ['admin', 'editor', 'viewer', 'owner']

export function makeUser (i) {
  return {
    id: i + 1,
    name: `User Number ${i + 1}`,
    email: `user${i + 1}@example.com`,
    age: 20 + (i % 45),
    active: i % 3 !== 0,
    role: roles[i % roles.length],
    createdAt: new Date(Date.UTC(2024, i % 12, (i % 28) + 1, 12, 30, 0)).toISOString(),
    address: { street: `${100 + i} Main Street`, city: cities[i % cities.length], zip: String(10000 + i * 7) }
  }
}

export function makeUsers (count) {
  const users = []
  for (let i = 0; i < count; i++) users.push(makeUser(i))
  return users
}

/** S2 answers 50 users. */
export const users = makeUsers(50)

/** S3: ~1 KB JSON body of 8 typical fields, validated by this schema. */
export const itemSchema = {
  type: 'object',
  required: ['name', 'description', 'price', 'quantity', 'category', 'tags', 'available', 'dimensions'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 120 },
    description: { type: 'string', maxLength: 4000 },
    price: { type: 'number', minimum: 0 },
    quantity: { type: 'integer', minimum: 0, maximum: 100000 },
    category: { type: 'string', enum: ['tools', 'garden', 'kitchen', 'office', 'toys'] },
    tags: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 40 } },
    available: { type: 'boolean' },
    dimensions: {
      type: 'object',
      required: ['width', 'height', 'depth'],
      additionalProperties: false,
      properties: {
        width: { type: 'number', minimum: 0 },
        height: { type: 'number', minimum: 0 },
        depth: { type: 'number', minimum: 0 }
      }
    }
  }
}

export const itemResponseSchema = {
  type: 'object',
  properties: { ok: { type: 'boolean' }, id: { type: 'integer' } }
}

export const item = {
  name: 'Cordless drill with two batteries',
  description: 'A compact cordless drill for everyday jobs around the house: two speeds, a keyless chuck, ' +
    'an LED work light and a belt clip. Ships with two 2.0 Ah batteries, a fast charger and a storage case. ' +
    'The brushless motor runs cooler and lasts longer than brushed designs, and the 20 clutch settings keep ' +
    'screws from stripping in soft wood. Weighs 1.2 kg with a battery fitted. Suitable for drilling wood, ' +
    'plastic and thin metal sheet up to 10 mm, and for driving screws up to 6 mm. Covered by a three year ' +
    'warranty when registered within thirty days of purchase.',
  price: 129.99,
  quantity: 42,
  category: 'tools',
  tags: ['drill', 'cordless', 'brushless', 'battery', 'diy', 'tools', 'home'],
  available: true,
  dimensions: { width: 21.5, height: 24, depth: 7.25 }
}

export const itemBody = JSON.stringify(item)

/** The hand-written equivalent of itemSchema, for the raw node:http peer ("the same work by hand"). */
export function validateItemByHand (body) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false
  for (const key in body) {
    if (!Object.hasOwn(itemSchema.properties, key)) return false
  }
  const { name, description, price, quantity, category, tags, available, dimensions } = body
  if (typeof name !== 'string' || name.length < 1 || name.length > 120) return false
  if (typeof description !== 'string' || description.length > 4000) return false
  if (typeof price !== 'number' || !(price >= 0)) return false
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > 100000) return false
  if (category !== 'tools' && category !== 'garden' && category !== 'kitchen' && category !== 'office' && category !== 'toys') return false
  if (!Array.isArray(tags) || tags.length > 20) return false
  for (let i = 0; i < tags.length; i++) {
    if (typeof tags[i] !== 'string' || tags[i].length > 40) return false
  }
  if (typeof available !== 'boolean') return false
  if (dimensions === null || typeof dimensions !== 'object' || Array.isArray(dimensions)) return false
  for (const key in dimensions) {
    if (key !== 'width' && key !== 'height' && key !== 'depth') return false
  }
  if (typeof dimensions.width !== 'number' || !(dimensions.width >= 0)) return false
  if (typeof dimensions.height !== 'number' || !(dimensions.height >= 0)) return false
  if (typeof dimensions.depth !== 'number' || !(dimensions.depth >= 0)) return false
  return true
}

/**
 * S4: 1000 routes besides the target, half static, half parametric, registered before it so
 * routers that scan linearly pay for them: /static/route<i>, /p<i>/:id, then /r/:id/:sub.
 */
export const staticRouteCount = 500
export const paramRouteCount = 500

export function staticRoutePath (i) { return `/static/route${i}` }
export function paramRoutePath (i) { return `/p${i}/:id` }
export const targetRoutePath = '/r/:id/:sub'

/** S5: ten plugin levels, an onRequest and a preHandler hook at each. */
export const depth = 10
export const deepRoutePath = '/deep'

/** The hooks' observable work, the same for every peer: bump a counter. */
export const hookCounter = { hits: 0 }

/**
 * P1: a production-shaped app. The logger on (pino into a sink that drops every line, the same for
 * every peer), an async onRequest auth hook, an encapsulated plugin with an async preHandler that
 * sets a request decorator, params and querystring validated with coercion and a default, and a
 * response schema that drops a field the handler returns.
 */
export const productionToken = 'Bearer bench-token-7f3a'
export const productionRoutePath = '/api/users/:id'
export const productionParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1 } }
}
export const productionQuerySchema = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 100 },
    verbose: { type: 'boolean', default: false }
  }
}
export const productionResponseSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string' },
    limit: { type: 'integer' },
    verbose: { type: 'boolean' },
    viewer: { type: 'string' }
  }
}
/** What the preHandler puts on `request.account` (the request decorator). */
export const productionAccount = { name: 'bench-service', scopes: ['users:read'] }
/** The answer the handler builds; `passwordHash` is not in the response schema and must not be sent. */
export function productionUser (id, query, account) {
  const user = users[(id - 1) % users.length]
  return { id, name: user.name, email: user.email, role: user.role, passwordHash: '$2b$10$notarealhashnotarealhashnotarealhash', limit: query.limit, verbose: query.verbose, viewer: account.name }
}
const productionBody = '{"id":42,"name":"User Number 42","email":"user42@example.com","role":"editor","limit":5,"verbose":false,"viewer":"bench-service"}'

/**
 * The three logger settings of P1, each its own server process. P1: production's usual `warn`
 * (the request lines are below the level, so the cost is what the logger does for nothing);
 * P1-info: pino's default `info`, every request writes "incoming request" and "request completed";
 * P1-quiet: `info` with `disableRequestLogging: true`; P1-nolog: `logger: false`, the rest of the
 * app without any logging (what logging at each level costs is the difference).
 */
export const productionApps = {
  P1: { level: 'warn', disableRequestLogging: false },
  'P1-info': { level: 'info', disableRequestLogging: false },
  'P1-quiet': { level: 'info', disableRequestLogging: true },
  'P1-nolog': { level: null, disableRequestLogging: false }
}

/** The peers that implement P1 (Hono has no request logger of its own to put pino behind). */
export const productionPeers = ['enclave', 'fastify5', 'fastify4']

/** What the load generator sends per scenario, and what a correct answer looks like. */
export const scenarios = {
  S1: {
    title: 'S1 hello world',
    description: 'GET / → {"hello":"world"}',
    request: { method: 'GET', path: '/' },
    check: (status, body) => status === 200 && body === '{"hello":"world"}'
  },
  S2: {
    title: 'S2 50 users, response schema',
    description: 'GET /users → 50 objects of 8 fields (response schema where the framework has one)',
    request: { method: 'GET', path: '/users' },
    check: (status, body) => status === 200 && JSON.stringify(JSON.parse(body)) === JSON.stringify(users)
  },
  S3: {
    title: 'S3 POST 1 KB body, validated',
    description: 'POST /items with a ~1 KB JSON body validated by a JSON schema → {"ok":true,"id":n}',
    request: { method: 'POST', path: '/items', headers: { 'content-type': 'application/json' }, body: itemBody },
    check: (status, body) => status === 200 && /^\{"ok":true,"id":\d+\}$/.test(body)
  },
  S4: {
    title: 'S4 route among 1000',
    description: 'GET /r/:id/:sub among 1000 static and parametric routes',
    request: { method: 'GET', path: '/r/4711/details' },
    check: (status, body) => status === 200 && body === '{"id":"4711","sub":"details"}'
  },
  S5: {
    title: 'S5 10 levels of hooks',
    description: 'GET /deep, 10 plugin levels deep, an onRequest and a preHandler hook at each',
    request: { method: 'GET', path: '/deep' },
    check: (status, body) => status === 200 && body === '{"hello":"world"}'
  },
  P1: productionScenario('P1', 'logger at warn'),
  'P1-info': productionScenario('P1-info', 'logger at info, request lines written'),
  'P1-quiet': productionScenario('P1-quiet', 'logger at info, disableRequestLogging'),
  'P1-nolog': productionScenario('P1-nolog', 'logger off')
}

function productionScenario (name, logging) {
  return {
    title: `${name} production-shaped app (${logging})`,
    description: `GET /api/users/42?limit=5: async auth onRequest, async preHandler in a plugin, params and querystring coerced with a default, response schema dropping a field; ${logging}, lines into a sink`,
    app: name,
    request: { method: 'GET', path: '/api/users/42?limit=5', headers: { authorization: productionToken } },
    check: (status, body) => status === 200 && body === productionBody
  }
}

/** The server app a scenario runs on: the shared S1–S5 app, or a P1 variant of its own. */
export function appOf (scenarioName) {
  return scenarios[scenarioName].app ?? 'S'
}

export const scenarioNames = Object.keys(scenarios)
