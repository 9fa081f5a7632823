import { test } from 'tap'
import http from 'node:http'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/** Status line, header lines in their order (without Date and the connection's own), and body, over a real socket. */
function answer (port: number, path: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => { body += chunk })
      response.on('end', () => {
        const lines = [`${response.statusCode!} ${response.statusMessage!}`]
        const raw = response.rawHeaders
        for (let i = 0; i < raw.length; i += 2) {
          const name = raw[i]!.toLowerCase()
          if (name !== 'date' && name !== 'connection' && name !== 'keep-alive') lines.push(`${name}: ${raw[i + 1]!}`)
        }
        lines.push(body)
        resolve(lines)
      })
    }).on('error', reject)
  })
}

/**
 * An onSend hook that fails every time: the route's error goes to the default error handler, whose
 * answer fails in the same hook, so the error is answered past every hook.
 */
async function lastResortAnswers (factory: Factory): Promise<Record<string, string[]>> {
  const app = factory()
  app.register(async (scope: any) => {
    scope.addHook('onSend', async () => { throw Object.assign(new Error('onSend failed'), { statusCode: 400, code: 'E_ON_SEND' }) })
    scope.get('/status', (_request: unknown, reply: any) => {
      reply.header('x-route', 'kept')
      throw Object.assign(new Error('route failed'), { statusCode: 418, headers: { 'x-error': 'kept too' } })
    })
    scope.get('/raw-header', (_request: unknown, reply: any) => {
      reply.raw.setHeader('x-raw', 'kept')
      reply.header('x-route', 'kept').header('x-removed', 'gone')
      reply.removeHeader('x-removed')
      throw new Error('route failed')
    })
    scope.get('/schema', {
      schema: { response: { 500: { type: 'object', properties: { message: { type: 'string' }, hint: { type: 'string', default: 'from the schema' } } } } }
    }, () => {
      throw new Error('route failed')
    })
  })
  app.register(async (scope: any) => {
    scope.addHook('onSend', async () => { throw new Error('onSend failed') })
    scope.setErrorHandler((_error: unknown, _request: unknown, reply: any) => {
      reply.header('x-handler', 'kept').code(409).send({ custom: true })
    })
    scope.get('/custom-handler', (_request: unknown, reply: any) => {
      reply.header('x-route', 'kept')
      throw new Error('route failed')
    })
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = app.server.address().port as number
  const seen: Record<string, string[]> = {}
  for (const path of ['/status', '/raw-header', '/schema', '/custom-handler']) seen[path] = await answer(port, path)
  await app.close()
  return seen
}

const json = 'content-type: application/json; charset=utf-8'
/** The content-length line and the body. */
const sized = (body: string): string[] => [`content-length: ${Buffer.byteLength(body)}`, body]
const expected = {
  '/status': ["418 I'm a Teapot", 'x-route: kept', 'x-error: kept too', json, ...sized('{"statusCode":418,"code":"E_ON_SEND","error":"I\'m a Teapot","message":"onSend failed"}')],
  '/raw-header': ['500 Internal Server Error', 'x-raw: kept', 'x-route: kept', json, ...sized('{"statusCode":500,"code":"E_ON_SEND","error":"Internal Server Error","message":"onSend failed"}')],
  '/schema': ['500 Internal Server Error', json, ...sized('{"message":"onSend failed","hint":"from the schema"}')],
  '/custom-handler': ['409 Conflict', 'x-route: kept', 'x-handler: kept', json, ...sized('{"statusCode":409,"error":"Conflict","message":"onSend failed"}')]
}

// Fastify 4.29 and 5.12 answer alike here: every entry does.
for (const [name, factory] of [...fastify5Faces, ...faces]) {
  test(`${name}: the last-resort error reply keeps the reply's status and headers and goes through the response schema`, async (t) => {
    t.same(await lastResortAnswers(factory), expected)
  })
}
