import { test } from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/** The answers when a handler sets reply.serializer() and then fails, with and without an error handler of the app's. */
async function answers (factory: Factory): Promise<string[]> {
  const app = factory()
  app.get('/default', async (_request: any, reply: any) => {
    reply.serializer((payload: unknown) => `custom:${JSON.stringify(payload)}`)
    const error = new Error('gone') as Error & { statusCode: number }
    error.statusCode = 404
    throw error
  })
  app.register(async (child: any) => {
    child.setErrorHandler((error: Error, _request: any, reply: any) => { reply.code(409).send({ handled: error.message }) })
    child.get('/handled', async (_request: any, reply: any) => {
      reply.serializer((payload: unknown) => `custom:${JSON.stringify(payload)}`)
      throw new Error('conflict')
    })
  })
  const seen: string[] = []
  for (const url of ['/default', '/handled']) {
    const res = await app.inject(url)
    seen.push(`${res.statusCode} ${res.body}`)
  }
  await app.close()
  return seen
}

// The default error payload is written as it is; what an error handler sends goes through the serializer.
for (const [name, factory] of [...faces, ...fastify5Faces]) {
  test(`${name}: reply.serializer() does not reach the default error payload`, async (t) => {
    t.same(await answers(factory), ['404 {"statusCode":404,"error":"Not Found","message":"gone"}', '409 custom:{"handled":"conflict"}'])
  })
}
