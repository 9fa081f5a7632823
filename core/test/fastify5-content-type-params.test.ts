import { test } from 'tap'
import http from 'node:http'
import Fastify4 from 'fastify4'
import { enclaveFaces, fastify5Faces, type Factory } from './fixtures/faces.js'

const headers = ['application/json;', 'ApPlIcAtIoN/JsOn ;', 'application/json ;a', 'application/json;a=', 'application/json;=b', 'application/json; ;a=b', 'application/json foo;']

function post (port: number, contentType: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request({ method: 'POST', host: '127.0.0.1', port, path: '/', headers: { 'content-type': contentType, 'content-length': Buffer.byteLength(body) } }, (response) => {
      response.resume()
      response.on('end', () => { resolve(response.statusCode!) })
    })
    request.on('error', reject)
    request.end(body)
  })
}

/** For each Content-Type, the status of an invalid body and of a valid one, against a schema keyed by media type (over a socket). */
async function statuses (factory: Factory): Promise<string[]> {
  const app = factory()
  app.post('/', { schema: { body: { content: { 'application/json': { schema: { type: 'object', properties: { foo: { type: 'string' } }, required: ['foo'], additionalProperties: false } } } } } }, async () => 'ok')
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = app.server.address().port
  const seen: string[] = []
  for (const header of headers) seen.push(`${header} ${await post(port, header, '{"invalid":"x"}')} ${await post(port, header, '{"foo":"x"}')}`)
  await app.close()
  return seen
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: a malformed parameter is left out of the Content-Type: the body is read and validated as its media type`, async (t) => {
    t.same(await statuses(factory), [
      'application/json; 400 200', 'ApPlIcAtIoN/JsOn ; 400 200', 'application/json ;a 400 200', 'application/json;a= 400 200',
      'application/json;=b 400 200', 'application/json; ;a=b 400 200', 'application/json foo; 415 415'
    ])
  })
}

for (const [name, factory] of [['fastify@4.29.1', Fastify4 as unknown as Factory] as [string, Factory], ...enclaveFaces]) {
  test(`${name}: a malformed parameter makes the Content-Type malformed: 415, as Fastify 4.29`, async (t) => {
    t.same(await statuses(factory), headers.map((header) => `${header} 415 415`))
  })
}
