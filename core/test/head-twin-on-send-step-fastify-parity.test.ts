import t from 'tap'
import { Readable } from 'node:stream'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

function hookNames (onSend: unknown): string {
  if (Array.isArray(onSend)) return `[${onSend.map((fn: { name: string }) => fn.name).join(',')}]`
  return typeof onSend === 'function' ? `function ${onSend.name}` : String(onSend)
}

/** The onSend option onRoute hooks see on each HEAD twin, and whether the GET route's own list was left as given. */
async function twinOptionsSeen (factory: Factory): Promise<string[]> {
  const app = factory()
  const seen: string[] = []
  const list = [async function listed (_request: unknown, _reply: unknown, payload: unknown) { return payload }]
  app.addHook('onRoute', (options: { method: string, url: string, onSend?: unknown }) => {
    if (options.method === 'HEAD') seen.push(`${options.url}: ${hookNames(options.onSend)}`)
  })
  app.get('/none', async () => 'x')
  app.get('/one', { onSend: async function own (_request: unknown, _reply: unknown, payload: unknown) { return payload } }, async () => 'x')
  app.get('/list', { onSend: list }, async () => 'x')
  await app.ready()
  seen.push(`the GET route's list: ${hookNames(list)}`)
  await app.close()
  return seen
}

/**
 * What an onSend hook that an onRoute hook appends to every HEAD twin (as @fastify/compress does)
 * sees of the payload, and the headers each HEAD answer then has, in order.
 */
async function laterHookSees (factory: Factory): Promise<string[]> {
  const app = factory()
  app.addHook('onRoute', (options: { method: string, onSend?: unknown }) => {
    if (options.method !== 'HEAD') return
    const later = function later (_request: unknown, reply: any, payload: any, done: (error: null, payload: unknown) => void): void {
      const kind = payload === null ? 'null' : payload === undefined ? 'undefined' : typeof payload.pipe === 'function' ? 'stream' : typeof payload
      reply.header('x-later', kind)
      done(null, payload)
    }
    options.onSend = Array.isArray(options.onSend) ? [...options.onSend, later] : typeof options.onSend === 'function' ? [options.onSend, later] : [later]
  })
  app.get('/text', async () => 'hello')
  app.get('/json', async () => ({ a: 1 }))
  app.get('/empty', async (_request: unknown, reply: any) => { reply.send() })
  app.get('/stream', async () => Readable.from(['abc']))
  app.get('/no-content', async (_request: unknown, reply: any) => { reply.code(204).send('x') })
  const answers: string[] = []
  for (const url of ['/text', '/json', '/empty', '/stream', '/no-content']) {
    const response = await app.inject({ method: 'HEAD', url })
    const headers = Object.entries(response.headers).filter(([name]) => name !== 'date').map(([name, value]) => `${name}=${String(value)}`)
    answers.push(`${url} ${response.statusCode} ${headers.join(' ')} body ${response.rawPayload.length}`)
  }
  await app.close()
  return answers
}

t.test('a HEAD twin declares Fastify\'s onSend step last of its own hooks, and onRoute hooks see it', async (t) => {
  const [[v4Name, fastify4], [enclaveName, enclaveEntry], [face4Name, face4]] = faces as [[string, Factory], [string, Factory], [string, Factory]]
  const [[v5Name, fastify5], [face5Name, face5]] = fastify5Faces as [[string, Factory], [string, Factory]]
  const expected = await twinOptionsSeen(fastify5)
  t.same(expected, [
    '/none: function headRouteOnSendHandler',
    '/one: [own,headRouteOnSendHandler]',
    '/list: [listed,headRouteOnSendHandler]',
    'the GET route\'s list: [listed]'
  ])
  t.same(await twinOptionsSeen(face5), expected, `${face5Name} as ${v5Name}`)
  t.same(await twinOptionsSeen(fastify4), expected, v4Name)
  t.same(await twinOptionsSeen(face4), expected, face4Name)
  t.same(await twinOptionsSeen(enclaveEntry), expected, enclaveName)
})

t.test('an onSend hook added after the HEAD twin\'s step sees no body, and the answer keeps the GET body\'s length', async (t) => {
  const [[v4Name, fastify4], [enclaveName, enclaveEntry], [face4Name, face4]] = faces as [[string, Factory], [string, Factory], [string, Factory]]
  const [[v5Name, fastify5], [face5Name, face5]] = fastify5Faces as [[string, Factory], [string, Factory]]
  const expected = await laterHookSees(fastify5)
  t.match(expected[0], /^\/text 200 content-type=text\/plain; charset=utf-8 content-length=5 x-later=null /)
  t.same(await laterHookSees(face5), expected, `${face5Name} as ${v5Name}`)
  const expected4 = await laterHookSees(fastify4)
  t.same(await laterHookSees(face4), expected4, `${face4Name} as ${v4Name}`)
  t.same(await laterHookSees(enclaveEntry), expected4, enclaveName)
})
