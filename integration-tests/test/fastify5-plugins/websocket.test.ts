// @fastify/websocket 11 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: a
// websocket route beside an HTTP handler on the same path, hooks before the upgrade, params, and
// `injectWS` as the README's testing API.
import t from 'tap'
import websocket from '@fastify5/websocket'
import { onFastify5 } from '../helpers/fastify5.js'

/** Collects a client's messages from before it opens (the server greets at once), to await them in order. */
function inbox (socket: any): () => Promise<string> {
  const received: string[] = []
  const waiting: Array<(message: string) => void> = []
  socket.on('message', (data: Buffer) => {
    const next = waiting.shift()
    if (next === undefined) received.push(data.toString())
    else next(data.toString())
  })
  return () => {
    const first = received.shift()
    return first === undefined ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve(first)
  }
}

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(websocket)
  await app.register(async (ws: any) => {
    ws.addHook('preValidation', async (request: any, reply: any) => {
      if (request.headers['x-token'] !== 'ok') await reply.code(401).send('not allowed')
    })
    ws.route({
      method: 'GET',
      url: '/echo/:room',
      handler: (_request: any, reply: any) => { reply.send('http answer') },
      wsHandler: (socket: any, request: any) => {
        socket.send(`joined ${String(request.params.room)}`)
        socket.on('message', (message: Buffer) => socket.send(`echo: ${message.toString()}`))
      }
    })
  })
  return app
}, async (t, app) => {
  t.test('the websocket handler greets with the route params and echoes', async (t) => {
    let next: () => Promise<string> = async () => ''
    const socket = await app.injectWS('/echo/lobby', { headers: { 'x-token': 'ok' } }, { onInit: (ws: any) => { next = inbox(ws) } })
    t.equal(await next(), 'joined lobby')
    socket.send('hello')
    t.equal(await next(), 'echo: hello')
    socket.terminate()
  })

  t.test('a plain HTTP request on the same path reaches the HTTP handler', async (t) => {
    const res = await app.inject({ url: '/echo/lobby', headers: { 'x-token': 'ok' } })
    t.equal(res.statusCode, 200)
    t.equal(res.body, 'http answer')
  })

  t.test('a hook that answers before the upgrade refuses it', async (t) => {
    await t.rejects(app.injectWS('/echo/lobby'), /Unexpected server response: 401/)
    t.equal((await app.inject('/echo/lobby')).statusCode, 401)
  })

  t.test('app.websocketServer is the ws server', async (t) => {
    t.type(app.websocketServer.clients, Set)
  })
})
