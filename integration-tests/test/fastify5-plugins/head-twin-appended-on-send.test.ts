import { test } from 'tap'
import { Readable } from 'node:stream'
import compress from '@fastify5/compress'
import { faces, fastify5Faces, type Factory } from '../../../core/test/fixtures/faces.js'

/**
 * A GET route's automatic HEAD route, in an app whose onRoute hook appends an onSend hook (as
 * @fastify/compress does): what that hook sees on each route, and the answers, GET then HEAD.
 */
async function appendedOnSend (factory: Factory): Promise<unknown> {
  const app = factory()
  const seen: string[] = []
  app.addHook('onRoute', (route: { onSend?: unknown }) => {
    const appended = (request: { method: string }, reply: unknown, payload: unknown, done: (error: null, payload: unknown) => void): void => {
      seen.push(`${request.method} ${payload === null ? 'null' : typeof payload}`)
      done(null, typeof payload === 'string' ? `${payload.toUpperCase()}!` : payload)
    }
    route.onSend = route.onSend === undefined ? [appended] : Array.isArray(route.onSend) ? [...route.onSend, appended] : [route.onSend, appended]
  })
  app.get('/text', async () => 'hello')
  app.get('/own', { onSend: (request: unknown, reply: unknown, payload: string, done: (error: null, payload: string) => void) => { done(null, `${payload}, world`) } }, async () => 'hello')
  app.get('/nothing', async (request: unknown, reply: { code: (status: number) => { send: () => void } }) => { reply.code(200).send() })
  app.get('/stream', async () => Readable.from(['a', 'b']))
  const answers = []
  for (const url of ['/text', '/own', '/nothing', '/stream']) {
    for (const method of ['GET', 'HEAD']) {
      const res = await app.inject({ method, url })
      answers.push([method, url, res.statusCode, res.headers['content-length'], res.body])
    }
  }
  await app.close()
  return { seen, answers }
}

const expected = {
  // On the HEAD route the appended hook comes after the step that measures and drops the body.
  seen: ['GET string', 'HEAD null', 'GET string', 'HEAD null', 'GET undefined', 'HEAD null', 'GET object', 'HEAD null'],
  answers: [
    ['GET', '/text', 200, '6', 'HELLO!'],
    ['HEAD', '/text', 200, '5', ''],
    ['GET', '/own', 200, '13', 'HELLO, WORLD!'],
    ['HEAD', '/own', 200, '12', ''],
    ['GET', '/nothing', 200, '0', ''],
    ['HEAD', '/nothing', 200, '0', ''],
    // A streamed GET answer has no length; its HEAD answer neither.
    ['GET', '/stream', 200, undefined, 'ab'],
    ['HEAD', '/stream', 200, undefined, '']
  ]
}

for (const [name, factory] of [...faces, ...fastify5Faces]) {
  test(`${name}: onSend hooks an onRoute hook appends run on the HEAD route after its body is dropped`, async (t) => {
    t.same(await appendedOnSend(factory), expected)
  })
}

/** @fastify/compress (v5 major): a HEAD answer is the GET body's length, uncompressed. */
async function headOfCompressed (factory: Factory): Promise<unknown> {
  const app = factory()
  await app.register(compress, { threshold: 0 })
  app.get('/text', async (request: unknown, reply: { type: (type: string) => void }) => {
    reply.type('text/plain')
    return 'x'.repeat(2000)
  })
  app.get('/stream', async (request: unknown, reply: { type: (type: string) => void }) => {
    reply.type('text/plain')
    return Readable.from(['x'.repeat(2000)])
  })
  app.get('/web', async (request: unknown, reply: { type: (type: string) => void }) => {
    reply.type('text/plain')
    return new ReadableStream({ start (controller) { controller.enqueue(new TextEncoder().encode('x'.repeat(2000))); controller.close() } })
  })
  const answers: Record<string, unknown> = {}
  for (const url of ['/text', '/stream', '/web']) {
    const get = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } })
    const head = await app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'gzip' } })
    answers[url] = {
      get: [get.statusCode, get.headers['content-encoding'], get.headers.vary],
      head: [head.statusCode, head.headers['content-encoding'], head.headers['content-length'], head.headers.vary, head.body]
    }
  }
  await app.close()
  return answers
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: with @fastify/compress a HEAD answer has the uncompressed length and no Content-Encoding`, async (t) => {
    t.same(await headOfCompressed(factory), {
      '/text': { get: [200, 'gzip', 'accept-encoding'], head: [200, undefined, '2000', undefined, ''] },
      '/stream': { get: [200, 'gzip', 'accept-encoding'], head: [200, undefined, undefined, undefined, ''] },
      '/web': { get: [200, 'gzip', 'accept-encoding'], head: [200, undefined, undefined, undefined, ''] }
    })
  })
}
