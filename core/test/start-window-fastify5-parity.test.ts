import t from 'tap'
import { createRequire } from 'node:module'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const require = createRequire(import.meta.url)
const fp = require('fastify-plugin') as (fn: any) => any

// Each configuration call, made once per app: what it answers right after ready() settles.
const calls: Record<string, (app: any) => unknown> = {
  route: (app) => app.get('/late', async () => 'late'),
  register: (app) => app.register(async function late () {}),
  after: (app) => app.after(() => {}),
  'a request hook': (app) => app.addHook('onRequest', async () => {}),
  'an onRoute hook': (app) => app.addHook('onRoute', () => {}),
  'an onClose hook': (app) => app.addHook('onClose', async () => {}),
  'an onListen hook': (app) => app.addHook('onListen', async () => {}),
  addSchema: (app) => app.addSchema({ $id: 'late', type: 'string' }),
  setNotFoundHandler: (app) => app.setNotFoundHandler((_request: any, reply: any) => reply.send('late')),
  setErrorHandler: (app) => app.setErrorHandler((_error: any, _request: any, reply: any) => reply.send('late')),
  decorate: (app) => app.decorate('late', 1),
  decorateRequest: (app) => app.decorateRequest('late', 1)
}

// The app's shape decides whether Fastify 5 counts the server as started before ready() settles.
const shapes: Record<string, (app: any) => void> = {
  'routes only': (app) => { app.get('/', async () => 'x') },
  'a wrapped plugin': (app) => { app.register(fp(async (instance: any) => { instance.get('/', async () => 'x') })) },
  'an encapsulated plugin': (app) => { app.register(async (instance: any) => { instance.get('/', async () => 'x') }) },
  'an onReady hook': (app) => { app.addHook('onReady', async () => {}) }
}

async function answers (factory: Factory, shape: (app: any) => void, inCallback: boolean): Promise<string[]> {
  const seen: string[] = []
  for (const [name, call] of Object.entries(calls)) {
    const app = factory()
    shape(app)
    const attempt = (): void => {
      try {
        call(app)
        seen.push(`${name}: accepted`)
      } catch (error: any) {
        seen.push(`${name}: ${String(error.code)} ${String(error.message)}`)
      }
    }
    if (inCallback) {
      await new Promise<void>((resolve) => { app.ready(() => { attempt(); resolve() }) })
    } else {
      await app.ready()
      attempt()
    }
    await app.close()
  }
  return seen
}

const [fastify4, , face4] = faces

for (const [label, shape] of Object.entries(shapes)) {
  for (const inCallback of [false, true]) {
    t.test(`${label}: configuration calls ${inCallback ? "in ready()'s callback" : 'right after await ready()'} answer as in Fastify`, async (t) => {
      const [[v5Name, fastify5], [faceName, face5]] = fastify5Faces
      t.same(await answers(face5, shape, inCallback), await answers(fastify5, shape, inCallback), `${faceName} as ${v5Name}`)
      t.same(await answers(face4![1], shape, inCallback), await answers(fastify4![1], shape, inCallback), `${face4![0]} as ${fastify4![0]}`)
    })
  }
}

t.test('the v5 face takes a content-type parser right after ready(), as Fastify 5 (core/test/parsers-after-ready-fastify-parity.test.ts)', async (t) => {
  const [, face5] = fastify5Faces[1]!
  const app = face5()
  app.post('/', async (request: any) => request.body)
  await app.ready()
  t.doesNotThrow(() => app.addContentTypeParser('text/x', (_request: any, _payload: any, done: any) => { done(null, 'parsed') }))
  const response = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'text/x' }, payload: 'x' })
  t.equal(response.body, 'parsed')
  await app.close()
})
