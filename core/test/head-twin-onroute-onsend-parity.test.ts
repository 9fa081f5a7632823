// A GET route's automatic HEAD route goes through onRoute with its own onSend step already in
// its options (after the route's own onSend hooks). Hooks an onRoute hook appends run after that
// step, as in Fastify: they see no payload, so they cannot compress or describe the dropped body
// (@fastify/compress appends its step to every route this way).
import { test } from 'tap'
import { Readable } from 'node:stream'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

async function headAnswers (factory: Factory): Promise<unknown> {
  const app = factory()
  const seen: string[] = []
  app.addHook('onRoute', (options: any) => {
    const onSend = options.onSend
    seen.push(`${String(options.method)} ${typeof onSend === 'function' ? onSend.name : Array.isArray(onSend) ? onSend.map((fn: any) => fn.name).join(',') : String(onSend)}`)
    const late = function late (_request: any, reply: any, payload: unknown, done: (error: null, payload: unknown) => void): void {
      reply.header('x-late', payload === null ? 'null' : typeof payload)
      done(null, payload === null ? payload : 'replaced by a later hook')
    }
    options.onSend = Array.isArray(onSend) ? [...onSend, late] : onSend === undefined ? [late] : [onSend, late]
  })
  app.get('/text', async () => 'hello')
  app.get('/stream', async (_request: any, reply: any) => { reply.type('text/plain'); return Readable.from(['ab', 'cd']) })
  app.get('/empty', async (_request: any, reply: any) => { reply.code(204).send() })
  app.get('/own', { onSend: function own (_request: any, _reply: any, payload: unknown, done: any) { done(null, payload) } }, async () => ({ a: 1 }))
  app.get('/length', async (_request: any, reply: any) => { reply.header('content-length', '99'); return 'x' })
  await app.ready()
  const answers: unknown[] = []
  for (const url of ['/text', '/stream', '/empty', '/own', '/length']) {
    const response = await app.inject({ method: 'HEAD', url })
    answers.push([url, response.statusCode, response.headers['content-length'], response.headers['x-late'], response.body])
  }
  await app.close()
  return { seen, answers }
}

const expected = {
  seen: [
    'GET undefined', 'HEAD headRouteOnSendHandler',
    'GET undefined', 'HEAD headRouteOnSendHandler',
    'GET undefined', 'HEAD headRouteOnSendHandler',
    'GET own', 'HEAD own,headRouteOnSendHandler',
    'GET undefined', 'HEAD headRouteOnSendHandler'
  ],
  answers: [
    ['/text', 200, '5', 'null', ''],
    ['/stream', 200, undefined, 'null', ''],
    ['/empty', 204, '0', 'null', ''],
    ['/own', 200, '7', 'null', ''],
    ['/length', 200, '1', 'null', '']
  ]
}

for (const [name, factory] of [...faces, ...fastify5Faces]) {
  test(`${name}: onSend hooks onRoute appends to a HEAD twin run after its own step and see no payload`, async (t) => {
    t.same(await headAnswers(factory), expected)
  })
}
