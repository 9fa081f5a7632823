// reply.callNotFound() runs the not-found handler of the prefix the calling route was declared
// under (the nearest one up whose contexts set a handler), as in Fastify, not the one of the URL:
// a root wildcard route answering for `/s2/x` (@fastify/cors's preflight route `*`, @fastify/static's
// `/public/*`) hands the request to the root's handler.
import { test } from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

function callNotFound (_request: any, reply: any): void { reply.callNotFound() }

async function answers (factory: Factory): Promise<string[]> {
  const app = factory()
  app.get('*', callNotFound)
  app.get('/root-early', callNotFound)
  app.register(async (a: any) => {
    a.get('/before', callNotFound)
    a.setNotFoundHandler((_request: any, reply: any) => { reply.code(404).send('a handler') })
    a.get('/after', callNotFound)
    a.register(async (inner: any) => { inner.get('/inner', callNotFound) })
    a.register(async (d: any) => { d.get('/deeper', callNotFound) }, { prefix: '/d' })
    a.register(async (e: any) => {
      e.get('/own', callNotFound)
      e.setNotFoundHandler((_request: any, reply: any) => { reply.code(404).send('e handler') })
    }, { prefix: '/e' })
  }, { prefix: '/a' })
  app.register(async (b: any) => { b.get('/b', callNotFound) }, { prefix: '/b' })
  app.setNotFoundHandler((_request: any, reply: any) => { reply.code(404).send('root handler') })
  app.get('/root-late', callNotFound)
  const result: string[] = []
  for (const url of ['/a/x', '/a/e/x', '/root-early', '/root-late', '/a/before', '/a/after', '/a/inner', '/a/d/deeper', '/a/e/own', '/b/b']) {
    const response = await app.inject(url)
    result.push(`${url} ${response.statusCode} ${response.body}`)
  }
  await app.close()
  return result
}

const expected = [
  // No route of /a matches: the root's `*` route calls it.
  '/a/x 404 root handler',
  '/a/e/x 404 root handler',
  '/root-early 404 root handler',
  '/root-late 404 root handler',
  '/a/before 404 a handler',
  '/a/after 404 a handler',
  '/a/inner 404 a handler',
  '/a/d/deeper 404 a handler',
  '/a/e/own 404 e handler',
  '/b/b 404 root handler'
]

for (const [name, factory] of [...faces, ...fastify5Faces]) {
  test(`${name}: reply.callNotFound() runs the handler of the prefix its route was declared under`, async (t) => {
    t.same(await answers(factory), expected)
  })
}
