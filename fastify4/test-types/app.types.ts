// A strict Fastify v4 TypeScript app, written as for Fastify itself: it imports `fastify`, which
// this folder's tsconfig resolves to @enclave/fastify4. Checked by tsc (skipLibCheck off), never run.
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyPluginCallback,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteShorthandOptions,
  type RouteHandlerMethod,
  type preHandlerHookHandler,
  type onRequestHookHandler,
  type FastifyError
} from 'fastify'
import { Type, TypeBoxValidatorCompiler, type TypeBoxTypeProvider, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import { pino } from 'pino'
import { assertType, type Equal } from './expect.js'

interface Db { query (sql: string): Promise<unknown[]> }
interface User { id: number, name: string }

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    config: { env: 'dev' | 'prod' }
  }
  interface FastifyRequest {
    currentUser: User | null
  }
  interface FastifyReply {
    sendOk (payload?: unknown): FastifyReply
  }
  interface FastifyContextConfig {
    requiresAuth?: boolean
  }
}

const options: FastifyServerOptions = { logger: false, bodyLimit: 1024 * 1024, ignoreTrailingSlash: true }
// A pino logger or pino's options, as Fastify takes them.
const withPino = Fastify({ logger: pino({ level: 'warn' }) })
const withPinoOptions = Fastify({ logger: { level: 'info', redact: ['req.headers.authorization'] } })
void withPino.close()
void withPinoOptions.close()
const app = Fastify(options)

// Augmented instance members are on the instance `fastify()` returns.
assertType<Equal<typeof app.db, Db>>()
assertType<Equal<typeof app.config.env, 'dev' | 'prod'>>()

app.decorate('db', { query: async () => [] })
app.decorate('config', { env: 'dev' })
app.decorateRequest('currentUser', null)
app.decorateReply('sendOk', function (this: FastifyReply, payload?: unknown) { return this.code(200).send(payload) })

// Augmented request, reply and context config are on every handler's and hook's request and reply.
app.addHook('onRequest', async (request, reply) => {
  assertType<Equal<typeof request.currentUser, User | null>>()
  if (request.routeOptions.config.requiresAuth === true && request.currentUser === null) {
    await reply.code(401).send({ error: 'Unauthorized' })
  }
})

interface Q { search: string, limit?: number }
interface R { items: string[] }

// Route generics type the request parts and check the reply.
app.get<{ Querystring: Q, Reply: R }>('/search', { config: { requiresAuth: true } }, async (request, reply) => {
  assertType<Equal<typeof request.query, Q>>()
  const user: User | null = request.currentUser
  const rows = await request.server.db.query(`select ${request.query.search}`)
  reply.header('x-count', rows.length)
  return { items: user === null ? [] : [user.name] }
})

app.post<{ Body: { name: string }, Params: { id: string }, Reply: { 200: User, '4xx': { error: string } } }>('/users/:id', async (request, reply) => {
  const id = Number(request.params.id)
  if (Number.isNaN(id)) return reply.code(400).send({ error: 'bad id' })
  return reply.code(200).send({ id, name: request.body.name })
})

// A handler and hooks typed with Fastify's names, given to routes.
const getUser: RouteHandlerMethod = async function (request, reply) {
  const db: Db = this.db
  await db.query('select 1')
  return reply.sendOk({ user: request.currentUser })
}
const auth: preHandlerHookHandler = function (request, reply, done) {
  if (request.currentUser === null) reply.code(401)
  done()
}
const stamp: onRequestHookHandler = (request, reply, done) => {
  reply.header('x-request-id', request.id)
  done()
}
const routeOptions: RouteShorthandOptions = {
  schema: { params: { type: 'object', properties: { id: { type: 'string' } } } },
  preHandler: auth,
  onRequest: [stamp]
}
app.get('/me', routeOptions, getUser)
app.route({ method: ['GET', 'HEAD'], url: '/route', handler: async (request: FastifyRequest, reply: FastifyReply) => reply.send({ url: request.url }) })

// A handler annotated with Fastify's types is accepted where the route's types are inferred.
async function annotated (request: FastifyRequest<{ Body: { n: number } }>, reply: FastifyReply): Promise<void> {
  await reply.send({ doubled: request.body.n * 2, user: request.currentUser })
}
app.post('/annotated', annotated)

// Plugins typed with Fastify's plugin types see the augmented instance.
const users: FastifyPluginAsync<{ table: string }> = async (instance, opts) => {
  instance.get('/', async () => instance.db.query(`select * from ${opts.table}`))
}
const health: FastifyPluginCallback = (instance, _opts, done) => {
  instance.get('/health', async () => ({ ok: true, env: instance.config.env }))
  done()
}
app.register(users, { prefix: '/users', table: 'users' })
app.register(health)
// @ts-expect-error a plugin's options are checked
app.register(users, { table: 1 })

app.setErrorHandler(function (error: FastifyError, request, reply) {
  this.log.error(error)
  void reply.status(error.statusCode ?? 500).send({ message: error.message, user: request.currentUser })
})

// TypeBox through the provider, as Fastify documents it.
const typed = app.withTypeProvider<TypeBoxTypeProvider>()
typed.setValidatorCompiler(TypeBoxValidatorCompiler)
typed.post('/typebox', {
  schema: {
    body: Type.Object({ name: Type.String(), tags: Type.Array(Type.String()) }),
    querystring: Type.Object({ dryRun: Type.Optional(Type.Boolean()) }),
    response: { 200: Type.Object({ id: Type.Number(), name: Type.String() }) }
  }
}, async (request) => {
  assertType<Equal<typeof request.body, { name: string, tags: string[] }>>()
  const dry: boolean | undefined = request.query.dryRun
  return { id: dry === true ? 0 : 1, name: request.body.name }
})
const typeboxPlugin: FastifyPluginAsyncTypebox<{ label: string }> = async (instance, opts) => {
  instance.get('/label', { schema: { querystring: Type.Object({ n: Type.Number() }) } }, async (request) => {
    const n: number = request.query.n
    return { label: opts.label, n, db: typeof instance.db }
  })
}
app.register(typeboxPlugin, { label: 'x' })

// JSON Schema literals through @fastify/type-provider-json-schema-to-ts.
const jsonTyped = app.withTypeProvider<JsonSchemaToTsProvider>()
jsonTyped.get('/json-schema', {
  schema: {
    querystring: {
      type: 'object',
      properties: { page: { type: 'integer' }, sort: { type: 'string', enum: ['asc', 'desc'] } },
      required: ['page']
    }
  } as const
}, async (request) => {
  const page: number = request.query.page
  const sort: 'asc' | 'desc' | undefined = request.query.sort
  return { page, sort }
})

// A builder returning the app, as Fastify apps are structured for tests.
export async function build (): Promise<FastifyInstance> {
  await app.ready()
  const response = await app.inject({ method: 'GET', url: '/search?search=x' })
  const body: R = response.json<R>()
  app.log.info({ items: body.items.length }, 'built')
  return app
}

// What the types still refuse, as Fastify's do.
function refused (): void {
  // @ts-expect-error the augmented context config is checked in route options
  app.get('/bad-config', { config: { requiresAuth: 'yes' } }, async () => 'x')
  // @ts-expect-error the reply declared by the route generic is checked
  app.get<{ Reply: R }>('/bad-reply', async () => ({ items: [1, 2] }))
  app.get<{ Querystring: Q }>('/query', async (request) => {
    // @ts-expect-error the querystring is Q
    const missing: string = request.query.notThere
    return missing
  })
  // @ts-expect-error an undeclared decoration is an error on the instance
  void app.notDecorated
  app.get('/request', async (request) => {
    // @ts-expect-error an undeclared decoration is an error on the request
    return request.notDecorated
  })
  // @ts-expect-error a decoration declared by augmentation has its declared type
  app.decorate('db', { query: 'not a function' })
  // @ts-expect-error the TypeBox body is typed
  typed.post('/typebox-bad', { schema: { body: Type.Object({ n: Type.Number() }) } }, async (request) => request.body.n.toUpperCase())
  // @ts-expect-error a logger option is checked
  Fastify({ logger: 'verbose' })
}
void refused

// Trailers as in Fastify 4.29's reply.d.ts: the function receives a FastifyReply.
app.get('/trailers', (_request, reply) => {
  reply.trailer('server-timing', async (given: FastifyReply, payload: string | Buffer | null) => `app;dur=${payload === null ? 0 : payload.length}`)
  reply.trailer('content-md5', (given, _payload, done) => { done(null, given.statusCode === 200 ? 'ok' : 'no') })
  // @ts-expect-error a trailer is computed by a function
  reply.trailer('etag', 'abc')
  assertType<Equal<typeof reply.hasTrailer, (key: string) => boolean>>()
  reply.removeTrailer('etag').send('trailed')
})
