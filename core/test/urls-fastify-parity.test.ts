import t from 'tap'
import http from 'node:http'
import Fastify from 'fastify4'
import enclave from '@enclave/core'
import { createServer, fastifyProfile } from '@enclave/core/internal'

// Unknown routes and unusable URLs, on fastify@4.29.1 and on the Fastify face: they must agree.
const fastifyFace = (options?: any): any => createServer(options, fastifyProfile)
const fastify4 = (options?: any): any => Fastify(options)

async function answer (factory: (options?: any) => any, url: string, method = 'GET'): Promise<string> {
  const app = factory({ maxParamLength: 5 })
  const seen: string[] = []
  app.addHook('onRequest', async () => { seen.push('onRequest') })
  app.addHook('onSend', async () => { seen.push('onSend') })
  app.setErrorHandler((error: any, _request: any, reply: any) => { seen.push('errorHandler'); reply.send(error) })
  app.get('/p/:id', async (request: any) => request.params)
  app.get('/q', async (request: any) => request.query)
  const response = await app.inject({ method, url })
  await app.close()
  return `${response.statusCode} ${response.headers['content-type']} ${response.body} [${seen.join(',')}]`
}

const urls: Array<[string, string?]> = [
  ['/nope'], ['/nope?x=1'], ['/nope', 'POST'], ['/p/12345'], ['/p/123456'], ['/p/123456?x=1'],
  ['/p/%zz'], ['/p/%E0%A4%A'], ['/q;a=1'], ['/q;a=1?b=2'], ['/p/1;a=1']
]

t.test('unknown routes, long parameters, bad escapes and semicolons answer as fastify@4.29.1 on the Fastify face', async (t) => {
  for (const [url, method] of urls) {
    t.equal(await answer(fastifyFace, url, method), await answer(fastify4, url, method), `${method ?? 'GET'} ${url}`)
  }
})

t.test('enclave() sends the same 404 and bad-URL payloads; a long parameter is Fastify v5\'s 414; `;` is part of the path', async (t) => {
  t.equal(await answer(enclave, '/nope?x=1'), await answer(fastify4, '/nope?x=1'))
  t.equal(await answer(enclave, '/p/%zz'), await answer(fastify4, '/p/%zz'))
  t.equal(await answer(enclave, '/p/123456?x=1'),
    `414 application/json ${JSON.stringify({ error: 'Bad Request', code: 'FST_ERR_MAX_PARAM_LENGTH', message: "'/p/123456' is exceeding the max param length", statusCode: 414 })} []`)
  t.match(await answer(enclave, '/q;a=1'), /^404 .*"Route GET:\/q;a=1 not found"/)
})

t.test('frameworkErrors receives the unusable-URL errors on both faces', async (t) => {
  for (const factory of [fastify4, fastifyFace, enclave]) {
    const app = factory({ maxParamLength: 3, frameworkErrors: (error: any, _request: any, reply: any) => { reply.code(422).send({ caught: error.code }) } })
    app.get('/p/:id', async (request: any) => request.params)
    t.same((await app.inject('/p/%zz')).json(), { caught: 'FST_ERR_BAD_URL' })
    await app.close()
  }
})

/** The raw header lines of a real socket's answer to a URL the router cannot use. */
async function rawAnswer (factory: (options?: any) => any, url: string): Promise<string> {
  const app = factory()
  app.get('/p/:id', async (request: any) => request.params)
  await app.listen({ port: 0, host: '127.0.0.1' })
  try {
    return await new Promise<string>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port: app.server.address().port, path: url }, (res) => {
        let body = ''
        res.on('data', (chunk: Buffer) => { body += chunk.toString() })
        res.on('end', () => {
          const names = res.rawHeaders.filter((_value, index) => index % 2 === 0 && !/^(date|connection|keep-alive)$/i.test(res.rawHeaders[index]!))
          resolve(`${res.statusCode} ${names.join(',')} ${body}`)
        })
      }).on('error', reject)
    })
  } finally {
    await app.close()
  }
}

t.test('a bad URL is answered on the wire with the header names Fastify 4.29 writes, on both entries', async (t) => {
  const expected = await rawAnswer(fastify4, '/p/%zz')
  t.match(expected, /^400 Content-Type,Content-Length \{"error":"Bad Request","code":"FST_ERR_BAD_URL"/)
  t.equal(await rawAnswer(fastifyFace, '/p/%zz'), expected)
  t.equal(await rawAnswer(enclave, '/p/%zz'), expected)
})
