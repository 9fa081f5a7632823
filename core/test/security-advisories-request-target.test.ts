// A request target that is neither a path, `*`, nor an absolute URL (`GET *admin HTTP/1.1`): find-my-way
// before 9.10.2 skipped its first character as if it were `/`, so `*admin` reached `/admin` — past a
// proxy or a firewall rule that only knows `/admin`. Sent over a raw socket: clients normalise it away.
import { test } from 'tap'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { enclaveFaces, fastify5Faces, faces, type Factory } from './fixtures/faces.js'

function send (port: number, method: string, target: string): Promise<[number, string]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => { socket.write(`${method} ${target} HTTP/1.1\r\nHost: example\r\nConnection: close\r\n\r\n`) })
    let text = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => { text += chunk })
    socket.on('error', reject)
    socket.on('end', () => {
      const status = Number(text.slice(9, 12))
      resolve([status, text.slice(text.indexOf('\r\n\r\n') + 4)])
    })
  })
}

async function answersOf (factory: Factory, requests: Array<[string, string]>): Promise<Array<[number, string]>> {
  const app = factory()
  app.get('/admin', async () => 'admin page')
  app.get('/x/:id', async (request: any) => request.params)
  app.options('*', async () => 'any')
  await app.listen({ port: 0, host: '127.0.0.1' })
  try {
    const port = (app.server.address() as AddressInfo).port
    const answers: Array<[number, string]> = []
    for (const [method, target] of requests) answers.push(await send(port, method, target))
    return answers
  } finally {
    await app.close()
  }
}

const badUrl = (target: string): string => JSON.stringify({ error: 'Bad Request', code: 'FST_ERR_BAD_URL', message: `'${target}' is not a valid url component`, statusCode: 400 })

for (const [name, factory] of [...enclaveFaces, ...fastify5Faces]) {
  test(`${name}: a target that does not start with / is a 400, never the route its tail names`, async (t) => {
    const answers = await answersOf(factory, [['GET', '*admin'], ['GET', '*x/1'], ['GET', 'admin'], ['OPTIONS', '*'], ['GET', 'http://example/admin'], ['GET', '/admin']])
    t.same(answers[0], [400, badUrl('*admin')])
    t.same(answers[1], [400, badUrl('*x/1')])
    t.equal(answers[2]![0], 400, 'Node refuses a bare name')
    t.same(answers[3], [200, 'any'], 'OPTIONS * still reaches the * route')
    t.same(answers[4], [200, 'admin page'], 'an absolute URL is routed by its path')
    t.same(answers[5], [200, 'admin page'])
  })
}

// fastify@4.29.1 depends on find-my-way 8, which has no fix: the v4 face answers 400 where it routes.
test('fastify@4.29.1 still routes *admin to /admin (the v4 face does not: a security fix)', async (t) => {
  const [, fastify4] = faces[0]!
  const answers = await answersOf(fastify4, [['GET', '*admin']])
  t.same(answers[0], [200, 'admin page'])
})
