// A strict Fastify v5 TypeScript app, written as for Fastify itself: it imports `fastify`, which
// this folder's tsconfig resolves to @enclave/fastify. Checked by tsc (skipLibCheck off), never run.
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type FastifyError,
  errorCodes
} from 'fastify'
import fp from 'fastify-plugin'
// Fastify 5's type module paths (Fastify 4 named this one `fastify/types/serverFactory`).
import type { FastifyServerFactory } from 'fastify/types/server-factory'
import { assertType, type Equal } from './expect.js'
import { createServer } from 'node:http'

interface User { id: number, name: string }

declare module 'fastify' {
  interface FastifyInstance {
    users: Map<number, User>
  }
  interface FastifyRequest {
    currentUser: User | null
  }
}

const users: FastifyPluginAsync<{ seed: User[] }> = async (instance, opts) => {
  instance.decorate('users', new Map(opts.seed.map((user) => [user.id, user])))
  instance.decorateRequest('currentUser', null)
}

export async function build (): Promise<FastifyInstance> {
  const app = Fastify({ logger: false })
  await app.register(fp(users, { name: 'users', fastify: '5.x' }), { seed: [{ id: 1, name: 'Ada' }] })

  app.get<{ Params: { id: string } }>('/users/:id', async (request, reply) => {
    const user = app.users.get(Number(request.params.id))
    // Fastify 5's redirect: the URL first, the status code second.
    if (user === undefined) return reply.redirect('/users', 303)
    return user
  })

  app.get('/where', async (request: FastifyRequest, reply: FastifyReply) => {
    // Members Fastify 5 added to the request and reply.
    assertType<Equal<typeof request.host, string>>()
    assertType<Equal<typeof request.port, number | null>>()
    assertType<Equal<typeof request.signal, AbortSignal>>()
    assertType<Equal<typeof request.mediaType, string | undefined>>()
    assertType<Equal<typeof reply.elapsedTime, number>>()
    return { host: request.host, hostname: request.hostname, url: request.routeOptions.url, config: request.routeOptions.config }
  })

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof errorCodes.FST_ERR_NOT_FOUND) return reply.code(404).send({ missing: request.url })
    return reply.send(error)
  })
  return app
}

export const serverFactory: FastifyServerFactory = (handler) => createServer((request, response) => { handler(request, response) })

// What Fastify 5 removed does not type-check.
declare const request: FastifyRequest
declare const reply: FastifyReply
declare const app: FastifyInstance
// @ts-expect-error request.context: use request.routeOptions
void request.context
// @ts-expect-error request.routerPath: use request.routeOptions.url
void request.routerPath
// @ts-expect-error request.routeConfig: use request.routeOptions.config
void request.routeConfig
// @ts-expect-error request.routeSchema: use request.routeOptions.schema
void request.routeSchema
// @ts-expect-error request.connection: use request.socket
void request.connection
// @ts-expect-error reply.context: use request.routeOptions
void reply.context
// @ts-expect-error reply.getResponseTime(): use reply.elapsedTime
void reply.getResponseTime()
// @ts-expect-error reply.redirect(code, url): the URL comes first
void reply.redirect(301, '/elsewhere')
// @ts-expect-error listen(port): pass an options object
void app.listen(3000)
// @ts-expect-error setDefaultRoute: use setNotFoundHandler
app.setDefaultRoute(() => {})
// @ts-expect-error reply.sent is read-only, as it is at run time in Fastify 5 (Fastify's types leave it writable): use reply.hijack()
reply.sent = true
void app.listen({ port: 3000, host: '127.0.0.1' })

// Enclave's one addition to Fastify's instance: app.fetch, bound, as runtimes take it.
{
  const app: FastifyInstance = Fastify()
  const { fetch } = app
  assertType<Equal<typeof fetch, (request: Request, ...platformArgs: unknown[]) => Promise<Response>>>()
  const worker = { fetch: app.fetch }
  void worker.fetch(new Request('http://localhost/'))
}
