// A TypeScript Fastify app compiles once its import is changed: Fastify's type names are aliases
// of Enclave's. Checked by tsc, never run.
import fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyPluginCallback,
  type FastifyPluginOptions,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchema,
  type FastifyServerOptions,
  type RouteGenericInterface,
  type RouteHandlerMethod,
  type RouteShorthandOptions,
  type EnclaveInstance,
  type EnclaveReply,
  type EnclaveRequest
} from '@enclave/core'
import { assertType, type Equal } from './expect.js'

// Augmenting Fastify's names augments Enclave's types (they are the same interfaces).
declare module '@enclave/core' {
  interface FastifyInstance {
    typeTestCompatConfig: { env: string }
  }
  interface FastifyRequest {
    typeTestCompatUser?: { sub: string }
  }
}
assertType<Equal<FastifyInstance, EnclaveInstance>>()
assertType<Equal<FastifyRequest, EnclaveRequest>>()
assertType<Equal<FastifyReply, EnclaveReply>>()

const options: FastifyServerOptions = { logger: false, bodyLimit: 1024 }
const app: FastifyInstance = fastify(options)

interface IdParams extends RouteGenericInterface { Params: { id: string } }

const schema: FastifySchema = {
  params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }
}
const routeOptions: RouteShorthandOptions = { schema }

const getUser: RouteHandlerMethod = async (request, reply) => {
  reply.header('x-handler', 'getUser')
  return { user: request.typeTestCompatUser?.sub }
}

const users: FastifyPluginAsync<{ prefixName: string }> = async (instance, opts) => {
  instance.get<IdParams>('/:id', routeOptions, async (request: FastifyRequest<IdParams>, reply: FastifyReply) => {
    const id: string = request.params.id
    return reply.send({ id, name: opts.prefixName, env: instance.typeTestCompatConfig.env })
  })
  instance.get('/me', getUser)
}

const health: FastifyPluginCallback = (instance, _opts: FastifyPluginOptions, done) => {
  instance.get('/health', async () => ({ ok: true }))
  done()
}

app.decorate('typeTestCompatConfig', { env: 'test' })
app.register(users, { prefix: '/users', prefixName: 'x' })
app.register(health)
// @ts-expect-error the plugin's options are checked
app.register(users, { prefixName: 1 })

app.setErrorHandler(function handler (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  reply.status(error.statusCode ?? 500).send({ error: error.message })
})

// A builder returning the app from an async function keeps its type.
export async function build (): Promise<FastifyInstance> {
  await app.register(health)
  await app.ready()
  return app
}
