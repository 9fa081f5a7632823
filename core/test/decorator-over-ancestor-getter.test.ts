import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

type Target = 'decorateRequest' | 'decorateReply'

/** A child decorating, with a non-function value, a name its parent decorated with a getter alone. */
async function decorateOverGetter (factory: Factory, target: Target, value: unknown): Promise<{ decoration: string, answer: string }> {
  const app = factory()
  let decoration = 'accepted'
  app[target]('user', { getter () { return 'from the getter' } })
  app.register(async (child: any) => {
    try {
      child[target]('user', value)
    } catch (error: any) {
      decoration = `${String(error.name)}: ${String(error.message)}`
    }
    child.get('/', async (request: any, reply: any) => ({ user: target === 'decorateRequest' ? request.user : reply.user }))
  })
  await app.ready()
  // Fastify's accepted decoration throws while every request is built (an uncaught exception), so
  // only Enclave's entries are asked.
  const answer = decoration === 'accepted' ? 'not asked' : (await app.inject('/')).body
  await app.close()
  return { decoration, answer }
}

const entries: Array<[string, Factory]> = [...faces.slice(1), fastify5Faces[1]!]
const fastifys: Array<[string, Factory]> = [faces[0]!, fastify5Faces[0]!]

for (const target of ['decorateRequest', 'decorateReply'] as const) {
  for (const value of ['text', null, 42]) {
    t.test(`${target} of a string/null/number over an ancestor's getter is refused at once (Fastify accepts it, then every request crashes)`, async (t) => {
      for (const [name, factory] of fastifys) {
        t.same((await decorateOverGetter(factory, target, value)).decoration, 'accepted', `${name} accepts the decoration`)
      }
      const holder = target === 'decorateRequest' ? 'Request' : 'Reply'
      for (const [name, factory] of entries) {
        t.same(await decorateOverGetter(factory, target, value), {
          decoration: `TypeError: Cannot set property user of #<${holder}> which has only a getter`,
          answer: '{"user":"from the getter"}'
        }, `${name} refuses it with Fastify's TypeError for a function value, and the getter still answers`)
      }
    })
  }
}
