import { test } from 'tap'
import http from 'node:http'
import { Readable } from 'node:stream'
import { enclaveFaces, type Factory } from './fixtures/faces.js'
import { sameOnBoth } from './fixtures/same-on-fastify5.js'

function getWithTrailers (port: number): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const request = http.request({ port, host: '127.0.0.1', path: '/' }, (response) => {
      let body = ''
      response.on('data', (chunk) => { body += String(chunk) })
      response.on('end', () => { resolve([response.statusCode, response.headers.trailer, response.trailers, body]) })
    })
    request.on('error', reject)
    request.end()
  })
}

/** A stream that ended before send() is handed it: the response still ends, with its trailers. */
async function preEndedStream (factory: Factory): Promise<unknown[]> {
  const stream = Readable.from(['spent'])
  stream.resume()
  await new Promise((resolve) => stream.on('end', resolve))
  const app = factory()
  app.get('/', (request: unknown, reply: any) => {
    reply.trailer('ETag', (_reply: unknown, _payload: unknown, done: (error: null, value: string) => void) => { done(null, 'tag') })
    reply.send(stream)
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  try {
    return await getWithTrailers(app.server.address().port)
  } finally {
    await app.close()
  }
}

test('a pre-ended stream with trailers is answered, trailers included', async (t) => {
  t.same(await sameOnBoth(t, preEndedStream), [200, 'etag', { etag: 'tag' }, ''])
})

for (const [name, factory] of enclaveFaces) {
  test(`${name}: a pre-ended stream with trailers is answered, trailers included`, async (t) => {
    t.same(await preEndedStream(factory), [200, 'etag', { etag: 'tag' }, ''])
  })
}

async function trailersRemoved (factory: Factory): Promise<unknown[]> {
  const app = factory()
  const etag = (_reply: unknown, _payload: unknown, done: (error: null, value: string) => void): void => { done(null, 'tag') }
  app.get('/all', (request: unknown, reply: any) => { reply.trailer('ETag', etag).trailer('X-Sum', etag).removeTrailer('ETag').removeTrailer('x-sum').send('hello') })
  app.get('/some', (request: unknown, reply: any) => { reply.trailer('ETag', etag).trailer('X-Sum', etag).removeTrailer('ETag').send('hello') })
  const outcomes = []
  for (const url of ['/all', '/some']) {
    const response = await app.inject(url)
    outcomes.push([response.headers.trailer, response.headers['content-length'], response.headers['transfer-encoding'], response.trailers, response.body])
  }
  await app.close()
  return outcomes
}

test('removing every trailer before send() answers as a reply without trailers', async (t) => {
  t.same(await sameOnBoth(t, trailersRemoved), [
    [undefined, '5', undefined, {}, 'hello'],
    ['x-sum', undefined, 'chunked', { 'x-sum': 'tag' }, 'hello']
  ])
})

for (const [name, factory] of enclaveFaces) {
  test(`${name}: removing every trailer still answers chunked with an empty Trailer header, as Fastify 4.29`, async (t) => {
    t.same((await trailersRemoved(factory))[0], ['', undefined, 'chunked', {}, 'hello'])
  })
}
