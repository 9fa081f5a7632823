import { test } from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/**
 * reply.callNotFound() after the handler set a content type: the default not-found handler sends
 * its object under that type. Status, content type and body of each case.
 */
async function answers (factory: Factory, errorHandler: boolean): Promise<string[]> {
  const app = factory()
  // The not-found route runs in the root context: its error handler answers the failure.
  if (errorHandler) {
    app.setErrorHandler((error: any, _request: unknown, reply: any) => {
      reply.code(403).type('text/plain').send(`${String(error.statusCode)} ${String(error.code)} ${String(error.message)}`)
    })
  }
  app.get('/sync', (_request: unknown, reply: any) => {
    reply.type('text/html')
    reply.callNotFound()
  })
  // As @fastify/static's sendFile for a missing file: the handler returns the reply, the 404 comes later.
  app.get('/later', (_request: unknown, reply: any) => {
    reply.type('text/html')
    setImmediate(() => { reply.callNotFound() })
    return reply
  })
  app.get('/json', (_request: unknown, reply: any) => {
    reply.type('application/json')
    reply.callNotFound()
  })
  app.get('/untyped', (_request: unknown, reply: any) => {
    reply.callNotFound()
  })
  const seen: string[] = []
  for (const url of errorHandler ? ['/sync', '/later'] : ['/sync', '/json', '/untyped']) {
    const response = await app.inject(url)
    seen.push(`${url} ${response.statusCode} ${String(response.headers['content-type'])} ${response.body}`)
  }
  await app.close()
  return seen
}

const invalid = "500 FST_ERR_REP_INVALID_PAYLOAD_TYPE Attempted to send payload of invalid type 'object'. Expected a string or Buffer."
const defaultError = '{"statusCode":500,"code":"FST_ERR_REP_INVALID_PAYLOAD_TYPE","error":"Internal Server Error","message":"Attempted to send payload of invalid type \'object\'. Expected a string or Buffer."}'
const notFound = (url: string): string => `{"message":"Route GET:${url} not found","error":"Not Found","statusCode":404}`

const withErrorHandler = [`/sync 403 text/plain ${invalid}`, `/later 403 text/plain ${invalid}`]
const withoutErrorHandler = [
  `/sync 500 application/json; charset=utf-8 ${defaultError}`,
  `/json 404 application/json; charset=utf-8 ${notFound('/json')}`,
  `/untyped 404 application/json; charset=utf-8 ${notFound('/untyped')}`
]

for (const [name, factory] of [...fastify5Faces, ...faces]) {
  test(`${name}: the default 404 keeps a content type the handler set before callNotFound()`, async (t) => {
    t.same(await answers(factory, true), withErrorHandler, 'the error handler gets FST_ERR_REP_INVALID_PAYLOAD_TYPE')
    t.same(await answers(factory, false), withoutErrorHandler, 'the default error handler answers it; a JSON type or none gives the 404')
  })
}
