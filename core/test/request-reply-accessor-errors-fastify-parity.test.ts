import t from 'tap'
import Fastify from 'fastify4'
import enclave from '@enclave/core'
import { createServer, fastifyProfile } from '@enclave/core/internal'

// Assigning to a request or reply property that only has a getter throws Node's TypeError, which
// names the object holding the getter by its constructor: `#<Request>` / `#<Reply>`, as in Fastify 4.29.
const fastifyFace = (options?: any): any => createServer(options, fastifyProfile)

async function assignmentErrors (factory: (options?: any) => any): Promise<string[]> {
  const app = factory()
  app.get('/', (request: any, reply: any) => {
    const attempts: Array<() => void> = [
      () => { request.routeOptions = {} },
      () => { request.method = 'POST' },
      () => { request.url = '/x' },
      () => { request.hostname = 'example.com' },
      () => { request.protocol = 'https' },
      () => { request.server = null },
      () => { reply.elapsedTime = 1 },
      () => { reply.server = null }
    ]
    const messages: string[] = []
    for (const attempt of attempts) {
      try {
        attempt()
        messages.push('assigned')
      } catch (error) {
        messages.push((error as Error).message)
      }
    }
    reply.send(messages)
  })
  const messages = (await app.inject('/')).json()
  await app.close()
  return messages
}

t.test('assigning a getter-only request or reply property throws the TypeError Fastify 4.29 throws, on both entries', async (t) => {
  const expected = await assignmentErrors(Fastify as any)
  t.equal(expected[0], 'Cannot set property routeOptions of #<Request> which has only a getter')
  t.equal(expected[6], 'Cannot set property elapsedTime of #<Reply> which has only a getter')
  t.same(await assignmentErrors(fastifyFace), expected, '@enclave/fastify4')
  t.same(await assignmentErrors(enclave), expected, 'enclave()')
})
