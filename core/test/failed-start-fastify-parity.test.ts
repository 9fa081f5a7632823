import t from 'tap'
import { faces, fastify5Faces, enclaveFaces, type Factory } from './fixtures/faces.js'

/**
 * After ready() fails, Fastify still starts: configuration calls are refused, ready() keeps its
 * error, and inject() serves what had loaded (the first inject() may still see the error, by when
 * each major counts the server as started). The faces follow it; fetch() and listen() refuse.
 */

type Step = 'ready' | 'readyCallback' | 'inject' | 'injectCallback' | 'injectChain' | 'tick' | 'route' | 'decorate' | 'hook' | `GET ${string}`

/** An app whose second plugin fails: routes before it, in it, after it, and at the root after it. */
function failingApp (factory: Factory): any {
  const app = factory({ logger: false })
  app.decorateRequest('tag', 'root')
  app.addHook('onRequest', async (_request: unknown, reply: any) => { reply.header('x-root-hook', '1') })
  app.setNotFoundHandler((_request: unknown, reply: any) => { reply.code(404).send({ custom404: true }) })
  app.get('/root', {
    schema: {
      querystring: { type: 'object', properties: { n: { type: 'integer' } } },
      response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } }
    }
  }, async (request: any) => ({ n: request.query.n, undeclared: 1 }))
  app.register(async (child: any) => {
    child.addHook('preHandler', async (_request: unknown, reply: any) => { reply.header('x-child-hook', '1') })
    child.setErrorHandler((error: Error, _request: unknown, reply: any) => { reply.code(418).send({ handled: error.message }) })
    child.get('/before', async () => 'before')
    child.get('/before-error', async () => { throw new Error('handler') })
  })
  app.register(async (child: any) => {
    child.get('/failing', async () => 'failing')
    await new Promise((resolve) => setImmediate(resolve))
    child.get('/failing-late', async () => 'failing')
    throw new Error('boom')
  })
  app.register(async (child: any) => { child.get('/after', async () => 'after') })
  app.after(() => { app.get('/in-after', async () => 'in-after') })
  app.get('/root2', async () => 'root2')
  return app
}

/** What an error says, with the error Fastify's unbuilt route throws (a TypeError) named by its class. */
function outcome (error: any): string {
  if (error instanceof TypeError) return 'rejected: TypeError'
  return `rejected: ${String(error?.code ?? '')} ${String(error?.message)}`
}

function answer (response: any): string {
  const headers = ['x-root-hook', 'x-child-hook', 'content-type'].map((name) => `${name}=${String(response.headers[name])}`).join(' ')
  return `${String(response.statusCode)} ${headers} ${String(response.body)}`
}

async function run (app: any, step: Step): Promise<string> {
  try {
    switch (step) {
      case 'ready': await app.ready(); return 'ready'
      case 'readyCallback': await new Promise<void>((resolve, reject) => app.ready((error: Error | null) => { error ? reject(error) : resolve() })); return 'ready'
      case 'inject': return answer(await app.inject('/root?n=1'))
      case 'injectCallback': return answer(await new Promise((resolve, reject) => app.inject('/root?n=1', (error: Error | null, response: unknown) => { error ? reject(error) : resolve(response) })))
      case 'injectChain': return answer(await app.inject().get('/root?n=1').end())
      case 'tick': await new Promise((resolve) => setImmediate(resolve)); return 'tick'
      case 'route': app.get('/late', async () => 'late'); return 'route added'
      case 'decorate': app.decorate('late', 1); return 'decorated'
      case 'hook': app.addHook('onRequest', async () => {}); return 'hook added'
      default: return answer(await app.inject(step.slice(4)))
    }
  } catch (error) {
    return `${step} ${outcome(error)}`
  }
}

async function observe (factory: Factory, steps: Step[]): Promise<string[]> {
  const app = failingApp(factory)
  const log: string[] = []
  for (const step of steps) log.push(await run(app, step))
  log.push(`routes: ${String(app.printRoutes())}`)
  await app.close()
  return log
}

const every: Step[] = ['GET /root?n=1', 'GET /root?n=x', 'GET /before', 'GET /before-error', 'GET /failing', 'GET /failing-late', 'GET /after', 'GET /in-after', 'GET /root2', 'GET /nope', 'GET /late']
const sequences: Record<string, Step[]> = {
  'inject() first, then every route': ['inject', 'inject', ...every],
  'ready() first': ['ready', 'inject', 'inject', 'ready'],
  'ready() with a callback first': ['readyCallback', 'injectCallback', 'injectCallback'],
  'inject() with a callback first': ['injectCallback', 'injectCallback', 'injectChain'],
  'inject() as a chain first': ['injectChain', 'injectChain', 'inject'],
  'configuration calls right after the failure': ['ready', 'route', 'decorate', 'hook', 'tick', 'GET /late'],
  'configuration calls a turn later': ['ready', 'tick', 'route', 'decorate', 'hook', 'GET /late']
}

const [fastify4, , face4] = faces
const [[v5Name, fastify5], [face5Name, face5]] = fastify5Faces

for (const [label, steps] of Object.entries(sequences)) {
  t.test(`after a failed start, ${label}: as in Fastify`, async (t) => {
    t.same(await observe(face4![1], steps), await observe(fastify4![1], steps), `${face4![0]} as ${fastify4![0]}`)
    t.same(await observe(face5, steps), await observe(fastify5, steps), `${face5Name} as ${v5Name}`)
  })
}

t.test('after a failed start, inject() serves what loaded on every entry, and fetch() and listen() refuse', async (t) => {
  for (const [name, factory] of [...enclaveFaces, [face5Name, face5] as [string, Factory]]) {
    const app = failingApp(factory)
    await t.rejects(app.ready(), { message: 'boom' }, `${name}: ready() fails`)
    await new Promise((resolve) => setImmediate(resolve))
    const served = await app.inject('/root?n=1')
    t.equal(served.statusCode, 200, `${name}: a route that loaded answers`)
    t.same(served.json(), { n: 1 }, `${name}: through its response schema`)
    t.equal((await app.inject('/root?n=x')).statusCode, 400, `${name}: and its validation`)
    t.equal((await app.inject('/before-error')).statusCode, 418, `${name}: a loaded child keeps its error handler`)
    t.equal((await app.inject('/after')).statusCode, 404, `${name}: a plugin after the failure never loaded`)
    await t.rejects(app.inject('/failing'), { name: 'TypeError', message: 'Route GET:/failing was not built: the server failed to start' }, `${name}: the failing plugin's route refuses`)
    await t.rejects(app.fetch(new Request('http://localhost/root?n=1')), { message: 'boom' }, `${name}: fetch() serves only a started app`)
    await t.rejects(app.listen({ port: 0 }), { message: 'boom' }, `${name}: nor does listen()`)
    await app.close()
  }
})

/** A route whose schema does not compile: ready() fails when the routes are built. */
function schemaFailureApp (factory: Factory): any {
  const app = factory({ logger: false })
  app.get('/a', async () => 'a')
  app.get('/bad', { schema: { querystring: { type: 'object', properties: { n: { type: 'nope' } } } } }, async () => 'bad')
  app.get('/c', async () => 'c')
  return app
}

t.test('after a start that failed on a schema, the routes built before it serve; it and the rest refuse (Fastify serves it unvalidated)', async (t) => {
  for (const [name, factory] of [...enclaveFaces, [face5Name, face5] as [string, Factory]]) {
    const app = schemaFailureApp(factory)
    await t.rejects(app.ready(), { code: 'FST_ERR_SCH_VALIDATION_BUILD' }, `${name}: ready() fails`)
    await new Promise((resolve) => setImmediate(resolve))
    t.equal((await app.inject('/a')).body, 'a', `${name}: a route built before it answers`)
    await t.rejects(app.inject('/bad?n=1'), { name: 'TypeError' }, `${name}: the route whose schema failed refuses`)
    await t.rejects(app.inject('/c'), { name: 'TypeError' }, `${name}: as a route after it, as in Fastify`)
    t.equal((await app.inject('/none')).statusCode, 404, `${name}: an unknown URL is a 404`)
    await app.close()
  }
  for (const [name, factory] of [fastify4!, [v5Name, fastify5] as [string, Factory]]) {
    const app = schemaFailureApp(factory)
    await t.rejects(app.ready())
    await new Promise((resolve) => setImmediate(resolve))
    t.equal((await app.inject('/bad?n=1')).body, 'bad', `${name} serves the route whose schema failed, unvalidated`)
    await t.rejects(app.inject('/c'), { name: 'TypeError' }, `${name} refuses a route after it`)
    await app.close()
  }
})
