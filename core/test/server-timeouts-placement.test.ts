import t from 'tap'
import http from 'node:http'
import { faces } from './fixtures/faces.js'

t.test("a serverFactory's server keeps its own timeouts, as in Fastify 4.29", async (t) => {
  const results: unknown[] = []
  for (const [name, factory] of faces) {
    const serverFactory = (handler: http.RequestListener): http.Server => {
      const server = http.createServer(handler)
      server.keepAliveTimeout = 5
      server.requestTimeout = 6
      server.maxRequestsPerSocket = 9
      return server
    }
    const app = factory({ keepAliveTimeout: 4, requestTimeout: 8, maxRequestsPerSocket: 2, connectionTimeout: 11, serverFactory })
    const server = app.server as http.Server
    results.push([server.keepAliveTimeout, server.requestTimeout, server.maxRequestsPerSocket, server.timeout])
    t.same(results[results.length - 1], results[0], name)
  }
  t.same(results[0], [5, 6, 9, 0])
})

t.test('the HTTP/1 settings are not put on an HTTP/2 server, as in Fastify 4.29', async (t) => {
  for (const [name, factory] of faces) {
    const server = factory({ http2: true, keepAliveTimeout: 3, requestTimeout: 7, maxRequestsPerSocket: 4 }).server as any
    t.same([server.keepAliveTimeout, server.requestTimeout, server.maxRequestsPerSocket], [undefined, undefined, undefined], name)
  }
})

t.test('a server enclave creates over HTTP/1 gets the timeouts given', async (t) => {
  for (const [name, factory] of faces) {
    const server = factory({ keepAliveTimeout: 3, requestTimeout: 7000, maxRequestsPerSocket: 4, connectionTimeout: 9 }).server as http.Server
    t.same([server.keepAliveTimeout, server.requestTimeout, server.maxRequestsPerSocket, server.timeout], [3, 7000, 4, 9], name)
  }
})

t.test('https: true is accepted and makes a TLS server with no options of its own, as in Fastify 4.29', async (t) => {
  for (const [name, factory] of faces) {
    const app = factory({ https: true, requestTimeout: 1000, maxRequestsPerSocket: 5 })
    const server = app.server as http.Server
    t.equal(server.constructor.name, 'Server', name)
    t.equal(typeof (server as any).addContext, 'function', `${name}: a TLS server`)
    t.same([server.requestTimeout, server.maxRequestsPerSocket, app.initialConfig.https], [1000, 5, true], name)
    const http2 = factory({ https: true, http2: true })
    t.equal(http2.server.constructor.name, 'Http2SecureServer', name)
  }
})
