import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

function wrapped<T extends (...args: any[]) => unknown> (fn: T): T {
  ;(fn as unknown as Record<symbol, unknown>)[Symbol.for('skip-override')] = true
  return fn
}

/** What a handler sees of a request's and a reply's keys, with data and function decorations at the root and in a child. */
async function keysSeen (factory: Factory): Promise<unknown> {
  const app = factory({ trustProxy: true })
  app.decorateRequest('user', null)
  app.decorateRequest('helper', function helper () {})
  app.decorateReply('attempts', 0)
  app.decorateReply('render', function render () {})
  app.register(async (child: any) => {
    child.decorateRequest('tenant', '')
    child.get('/', async (request: any, reply: any) => {
      const requestForIn: string[] = []
      for (const key in request) requestForIn.push(key)
      const replyForIn: string[] = []
      for (const key in reply) replyForIn.push(key)
      return {
        requestKeys: Object.keys(request),
        replyKeys: Object.keys(reply),
        own: ['user', 'tenant', 'helper'].map((key) => Object.hasOwn(request, key)),
        spread: Object.keys({ ...request }),
        requestForIn,
        replyForIn
      }
    })
  })
  const body = (await app.inject('/')).json()
  await app.close()
  return body
}

/** A data and a function decoration an ancestor adds after a child context was created. */
async function lateDecorations (factory: Factory): Promise<unknown> {
  const app = factory()
  app.register(async (child: any) => {
    child.get('/', async (request: any, reply: any) => ({
      user: request.user === undefined ? 'absent' : request.user,
      userIn: 'user' in request,
      helper: typeof request.helper,
      attempts: reply.attempts === undefined ? 'absent' : reply.attempts,
      hasUser: child.hasRequestDecorator('user'),
      hasHelper: child.hasRequestDecorator('helper')
    }))
  })
  app.register(wrapped(async (sibling: any) => {
    sibling.decorateRequest('user', 'late')
    sibling.decorateRequest('helper', function helper () {})
    sibling.decorateReply('attempts', 3)
  }))
  app.get('/root', async (request: any) => ({ user: request.user }))
  const body = [(await app.inject('/')).json(), (await app.inject('/root')).json()]
  await app.close()
  return body
}

t.test('data decorations are own fields of every request and reply, and prototype members are listed as Fastify lists them', async (t) => {
  const [[v4Name, fastify4], [, enclaveEntry], [face4Name, face4]] = faces as [[string, Factory], [string, Factory], [string, Factory]]
  const [[v5Name, fastify5], [face5Name, face5]] = fastify5Faces as [[string, Factory], [string, Factory]]
  const expected4 = await keysSeen(fastify4) as { requestKeys: string[], requestForIn: string[] }
  t.same(expected4.requestKeys, ['id', 'params', 'raw', 'query', 'log', 'body', 'user', 'tenant'])
  t.same(expected4.requestForIn, expected4.requestKeys.concat('helper'), 'a request lists its own fields, then its function decorations only')
  t.same(await keysSeen(face4), expected4, `${face4Name} as ${v4Name}`)
  const expected5 = await keysSeen(fastify5)
  t.same(await keysSeen(face5), expected5, `${face5Name} as ${v5Name}`)
  const onEnclave = await keysSeen(enclaveEntry) as Record<string, unknown>
  t.same({ ...onEnclave, replyForIn: undefined }, { ...(expected5 as Record<string, unknown>), replyForIn: undefined }, 'enclave() as Fastify 5, its reply\'s own methods aside')
})

t.test('a data decoration an ancestor adds after a child context was created does not reach the child, a function one does, as Fastify', async (t) => {
  const [[v4Name, fastify4], [enclaveName, enclaveEntry], [face4Name, face4]] = faces as [[string, Factory], [string, Factory], [string, Factory]]
  const [[v5Name, fastify5], [face5Name, face5]] = fastify5Faces as [[string, Factory], [string, Factory]]
  const expected = await lateDecorations(fastify4)
  t.same(expected, [{ user: 'absent', userIn: false, helper: 'function', attempts: 'absent', hasUser: false, hasHelper: true }, { user: 'late' }])
  t.same(await lateDecorations(face4), expected, `${face4Name} as ${v4Name}`)
  t.same(await lateDecorations(fastify5), expected, v5Name)
  t.same(await lateDecorations(face5), expected, face5Name)
  t.same(await lateDecorations(enclaveEntry), expected, enclaveName)
})

/** A plugin whose metadata requires a data decoration of each kind, registered after they are declared. */
async function requiredDataDecorations (factory: Factory): Promise<string> {
  const app = factory()
  app.decorateRequest('session', null)
  app.decorateReply('flash', '')
  const plugin = wrapped(async function needsSession () {})
  ;(plugin as unknown as Record<symbol, unknown>)[Symbol.for('plugin-meta')] = { name: 'needs-session', decorators: { request: ['session'], reply: ['flash'] } }
  app.register(plugin)
  const outcome = await app.ready().then(() => 'loaded', (error: Error) => error.message)
  await app.close()
  return outcome
}

t.test('a plugin requiring a data decoration in its metadata finds it, as on Fastify', async (t) => {
  for (const [name, factory] of [...faces, ...fastify5Faces]) {
    t.equal(await requiredDataDecorations(factory), 'loaded', name)
  }
})
