import { test } from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const requestMembers = ['id', 'params', 'raw', 'query', 'log', 'body']
const replyMembers = ['raw', 'request', 'log']

function codeOf (fn: () => unknown): string | undefined {
  try {
    fn()
    return undefined
  } catch (error) {
    return (error as { code?: string }).code ?? 'no code'
  }
}

/** What an app sees of the members each request and reply gets from its constructor, as decorators. */
function observe (factory: Factory) {
  const app = factory()
  return {
    hasRequest: requestMembers.map((name) => app.hasRequestDecorator(name)),
    hasReply: replyMembers.map((name) => app.hasReplyDecorator(name)),
    decorateRequest: requestMembers.map((name) => codeOf(() => factory().decorateRequest(name, null))),
    decorateReply: replyMembers.map((name) => codeOf(() => factory().decorateReply(name, null))),
    requestDependency: requestMembers.map((name) => codeOf(() => factory().decorateRequest(`uses_${name}`, null, [name]))),
    replyDependency: replyMembers.map((name) => codeOf(() => factory().decorateReply(`uses_${name}`, null, [name]))),
    // `body` is a request member, not a reply's.
    replyBodyDependency: codeOf(() => factory().decorateReply('usesBody', null, ['body'])),
    unknown: app.hasRequestDecorator('nonExistent')
  }
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: the request's and reply's own members count as decorators`, async (t) => {
    t.same(observe(factory), {
      hasRequest: requestMembers.map(() => true),
      hasReply: replyMembers.map(() => true),
      decorateRequest: requestMembers.map(() => 'FST_ERR_DEC_ALREADY_PRESENT'),
      decorateReply: replyMembers.map(() => 'FST_ERR_DEC_ALREADY_PRESENT'),
      requestDependency: requestMembers.map(() => undefined),
      replyDependency: replyMembers.map(() => undefined),
      replyBodyDependency: 'FST_ERR_DEC_MISSING_DEPENDENCY',
      unknown: false
    })
  })

  test(`${name}: a dependency on a request member is met inside a plugin, next to a decorator of the app's`, async (t) => {
    const app = factory()
    app.decorateRequest('userProp', null)
    app.register(async (child: any) => {
      child.decorateRequest('scoped', null, ['body', 'userProp'])
      t.equal(child.hasRequestDecorator('scoped'), true)
      child.get('/', (request: any) => ({ id: typeof request.id, scoped: request.scoped }))
    })
    const res = await app.inject('/')
    t.same(res.json(), { id: 'string', scoped: null })
    await app.close()
  })
}

for (const [name, factory] of faces) {
  test(`${name}: the request's and reply's own members are not decorators, as in Fastify 4.29`, async (t) => {
    t.same(observe(factory), {
      hasRequest: requestMembers.map(() => false),
      hasReply: replyMembers.map(() => false),
      decorateRequest: requestMembers.map(() => undefined),
      decorateReply: replyMembers.map(() => undefined),
      requestDependency: requestMembers.map(() => 'FST_ERR_DEC_MISSING_DEPENDENCY'),
      replyDependency: replyMembers.map(() => 'FST_ERR_DEC_MISSING_DEPENDENCY'),
      replyBodyDependency: 'FST_ERR_DEC_MISSING_DEPENDENCY',
      unknown: false
    })
  })
}
