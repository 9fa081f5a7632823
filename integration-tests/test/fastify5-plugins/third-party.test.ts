// Three of the most used third-party Fastify 5 plugins and adapters, mercurius 16 (GraphQL), tRPC 11's
// Fastify adapter and oRPC's, on fastify@5.12.8 and on @enclave/fastify: their README usage and the
// paths their own suites exercise most (queries, mutations, batches, resolver and request errors,
// hooks, the GraphiQL route, a streamed tRPC batch, oRPC's handler answering on the reply and its
// event stream), with one app per implementation.
import t from 'tap'
import mercurius from 'mercurius'
import { initTRPC, TRPCError } from '@trpc/server'
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify'
import { z } from 'zod'
import { os, ORPCError } from '@orpc/server'
import { RPCHandler } from '@orpc/server/fastify'
import { onFastify5 } from '../helpers/fastify5.js'

const schema = `
  type Query { add(x: Int, y: Int): Int, user: String, fail: String, dogs: [Dog] }
  type Dog { name: String, owner: String }
  type Mutation { rename(name: String!): String }
`

interface Context { app: any, reply: any, user?: string }

const trpc = initTRPC.context<{ user?: string }>().create()
const router = trpc.router({
  hello: trpc.procedure.input(z.object({ name: z.string() }).optional()).query(({ input }) => ({ greeting: `hello ${input?.name ?? 'you'}` })),
  add: trpc.procedure.input(z.object({ a: z.number(), b: z.number() })).mutation(({ input }) => input.a + input.b),
  secret: trpc.procedure.use(({ ctx, next }) => {
    if (ctx.user === undefined) throw new TRPCError({ code: 'UNAUTHORIZED' })
    return next()
  }).query(({ ctx }) => `for ${ctx.user}`)
})

const orpc = new RPCHandler({
  hello: os.input(z.object({ name: z.string() })).handler(({ input }) => ({ greeting: `hi ${input.name}` })),
  secret: os.handler(() => { throw new ORPCError('UNAUTHORIZED', { message: 'no' }) }),
  count: os.handler(async function * () { yield 1; yield 2; return 3 })
})

onFastify5(t, async (fastify) => {
  const app = fastify()
  let name = 'first'
  await app.register(mercurius, {
    schema,
    graphiql: true,
    context: (request: any) => ({ user: request.headers['x-user'] }),
    resolvers: {
      Query: {
        add: async (_: unknown, { x, y }: { x: number, y: number }) => x + y,
        user: async (_: unknown, __: unknown, ctx: Context) => ctx.user ?? null,
        fail: async () => { throw new Error('resolver failed') },
        dogs: async () => [{ name: 'Max' }, { name: 'Rex' }]
      },
      Mutation: { rename: async (_: unknown, args: { name: string }) => { name = args.name; return name } }
    },
    loaders: {
      Dog: { owner: async (queries: Array<{ obj: { name: string } }>) => queries.map(({ obj }) => `owner of ${obj.name}`) }
    },
    allowBatchedQueries: true
  })
  app.graphql.addHook('preExecution', async (_schema: unknown, _document: unknown, ctx: Context) => {
    // app.graphql() runs outside a request: no reply
    ctx.reply?.header('x-pre-execution', 'ran')
  })
  app.get('/via-reply', async (_request: any, reply: any) => reply.graphql('{ add(x: 40, y: 2) }'))
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: { router, createContext: ({ req }: any) => ({ user: req.headers.authorization }) }
  })
  // oRPC's README: a catch-all parser leaves bodies it does not know to the handler, which answers
  // through the reply (status, headers, then send) or reports that no procedure matched
  await app.register(async (child: any) => {
    child.addContentTypeParser('*', (_request: unknown, _payload: unknown, done: (error: null, body: undefined) => void) => { done(null, undefined) })
    child.all('/rpc/*', async (request: any, reply: any) => {
      const { matched } = await orpc.handle(request, reply, { prefix: '/rpc', context: {} })
      if (!matched) reply.status(404).send('no procedure')
    })
  })
  return app
}, async (t, app) => {
  const post = async (payload: unknown, headers: Record<string, string> = {}) =>
    await app.inject({ method: 'POST', url: '/graphql', headers, payload })

  t.test('mercurius: queries with variables, context from the request, a header set in a preExecution hook', async (t) => {
    const res = await post({ query: 'query ($x: Int) { add(x: $x, y: 2) user }', variables: { x: 1 } }, { 'x-user': 'ada' })
    t.equal(res.statusCode, 200)
    t.equal(res.headers['x-pre-execution'], 'ran')
    t.same(res.json(), { data: { add: 3, user: 'ada' } })
    const get = await app.inject({ url: '/graphql?query=' + encodeURIComponent('{ add(x: 1, y: 1) }') })
    t.same(get.json(), { data: { add: 2 } })
    t.same((await app.inject('/via-reply')).json(), { data: { add: 42 } })
    t.same(await app.graphql('{ add(x: 2, y: 2) }'), { data: { add: 4 } })
  })

  t.test('mercurius: loaders, mutations, and a mutation refused over GET', async (t) => {
    t.same((await post({ query: '{ dogs { name owner } }' })).json(),
      { data: { dogs: [{ name: 'Max', owner: 'owner of Max' }, { name: 'Rex', owner: 'owner of Rex' }] } })
    t.same((await post({ query: 'mutation { rename(name: "second") }' })).json(), { data: { rename: 'second' } })
    const refused = await app.inject({ url: '/graphql?query=' + encodeURIComponent('mutation { rename(name: "x") }') })
    t.equal(refused.statusCode, 405)
  })

  t.test('mercurius: resolver, validation and syntax errors, a batch, a body that is not JSON', async (t) => {
    const failed = await post({ query: '{ fail add(x: 1, y: 1) }' })
    t.equal(failed.statusCode, 200)
    t.same(failed.json().data, { fail: null, add: 2 })
    t.equal(failed.json().errors[0].message, 'resolver failed')
    const invalid = await post({ query: '{ nope }' })
    t.equal(invalid.statusCode, 400)
    t.match(invalid.json().errors[0].message, /Cannot query field "nope"/)
    const syntax = await post({ query: '{ add(' })
    t.equal(syntax.statusCode, 400)
    t.match(syntax.json().errors[0].message, /Syntax Error/)
    const batch = await post([{ query: '{ add(x: 1, y: 2) }' }, { query: '{ user }' }])
    t.same(batch.json(), [{ data: { add: 3 } }, { data: { user: null } }])
    const notJson = await app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: '{"query":' })
    t.equal(notJson.statusCode, 400)
  })

  t.test('mercurius: the GraphiQL page', async (t) => {
    const page = await app.inject('/graphiql')
    t.equal(page.statusCode, 200)
    t.match(page.headers['content-type'], /text\/html/)
  })

  t.test('tRPC: queries, mutations, input errors, middleware errors, unknown procedures', async (t) => {
    const input = (value: unknown) => encodeURIComponent(JSON.stringify(value))
    t.same((await app.inject('/trpc/hello?input=' + input({ name: 'ada' }))).json(), { result: { data: { greeting: 'hello ada' } } })
    t.same((await app.inject({ method: 'POST', url: '/trpc/add', payload: { a: 1, b: 2 } })).json(), { result: { data: 3 } })
    const bad = await app.inject('/trpc/hello?input=' + input({ name: 1 }))
    t.equal(bad.statusCode, 400)
    t.equal(bad.json().error.data.code, 'BAD_REQUEST')
    const unauthorized = await app.inject('/trpc/secret')
    t.equal(unauthorized.statusCode, 401)
    t.same((await app.inject({ url: '/trpc/secret', headers: { authorization: 'ada' } })).json(), { result: { data: 'for ada' } })
    const viaGet = await app.inject('/trpc/add?input=' + input({ a: 1, b: 2 }))
    t.equal(viaGet.statusCode, 405)
    t.equal((await app.inject('/trpc/nope')).statusCode, 404)
  })

  t.test('tRPC: batches, one of them failing, and a streamed batch', async (t) => {
    const batch = await app.inject('/trpc/hello,secret?batch=1&input=' + encodeURIComponent(JSON.stringify({ 0: { name: 'b' } })))
    t.equal(batch.statusCode, 207)
    t.same(batch.json()[0], { result: { data: { greeting: 'hello b' } } })
    t.equal(batch.json()[1].error.data.code, 'UNAUTHORIZED')
    const streamed = await app.inject({
      method: 'POST',
      url: '/trpc/add,add?batch=1',
      headers: { 'trpc-accept': 'application/jsonl' },
      payload: { 0: { a: 1, b: 1 }, 1: { a: 2, b: 2 } }
    })
    t.equal(streamed.statusCode, 200)
    t.match(streamed.headers['transfer-encoding'], 'chunked')
    // one JSON value a line: the head, then each result as it settles
    const lines = streamed.body.trim().split('\n').map((line: string) => JSON.parse(line))
    t.same(lines.slice(-2).map((line: any) => line[2]), [[[2]], [[4]]])
  })

  t.test('oRPC: a procedure, an input error, a thrown ORPCError, no procedure, GET refused, an event stream', async (t) => {
    const call = async (name: string, input?: unknown) => await app.inject({
      method: 'POST', url: `/rpc/${name}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ json: input })
    })
    const hello = await call('hello', { name: 'ada' })
    t.equal(hello.statusCode, 200)
    t.same(hello.json(), { json: { greeting: 'hi ada' } })
    const bad = await call('hello', { name: 1 })
    t.equal(bad.statusCode, 400)
    t.equal(bad.json().json.code, 'BAD_REQUEST')
    const secret = await app.inject({ method: 'POST', url: '/rpc/secret' })
    t.equal(secret.statusCode, 401)
    t.same(secret.json().json, { defined: false, code: 'UNAUTHORIZED', status: 401, message: 'no' })
    const missing = await app.inject({ method: 'POST', url: '/rpc/nope' })
    t.equal(missing.statusCode, 404)
    t.equal(missing.body, 'no procedure')
    t.equal((await app.inject('/rpc/hello?data=' + encodeURIComponent(JSON.stringify({ json: { name: 'a' } })))).statusCode, 405)
    const stream = await app.inject({ method: 'POST', url: '/rpc/count' })
    t.equal(stream.headers['content-type'], 'text/event-stream')
    t.equal(stream.body, ': \n\nevent: message\ndata: {"json":1}\n\nevent: message\ndata: {"json":2}\n\nevent: done\ndata: {"json":3}\n\n')
  })
})
