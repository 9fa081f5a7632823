// The Fastify-style app (Enclave and Fastify 4/5 share the API): schemas where the framework has
// them, the 1000 routes, and ten encapsulated plugin levels with an onRequest and a preHandler each.
import {
  helloWorld, users, usersResponseSchema, itemSchema, itemResponseSchema,
  staticRouteCount, paramRouteCount, staticRoutePath, paramRoutePath, targetRoutePath,
  depth, deepRoutePath, hookCounter
} from '../scenarios.js'
import { portFromArgs, appFromArgs, host, reportReady } from './harness.js'
import { buildProductionApp } from './production-app.js'

function countHook (request, reply, done) {
  hookCounter.hits++
  done()
}

function levelPlugin (level) {
  return function nestedLevel (instance, _options, done) {
    instance.addHook('onRequest', countHook)
    instance.addHook('preHandler', countHook)
    if (level === depth) {
      instance.get(deepRoutePath, function deepHandler () { return helloWorld })
    } else {
      instance.register(levelPlugin(level + 1))
    }
    done()
  }
}

export function buildApp (factory) {
  const app = factory({ logger: false })
  let nextId = 1

  app.get('/', function hello () { return helloWorld })
  app.get('/users', { schema: { response: { 200: usersResponseSchema } } }, function listUsers () { return users })
  app.post('/items', { schema: { body: itemSchema, response: { 200: itemResponseSchema } } }, function createItem () {
    return { ok: true, id: nextId++ }
  })
  for (let i = 0; i < staticRouteCount; i++) {
    const id = String(i)
    app.get(staticRoutePath(i), function staticRoute () { return { id, sub: 'static' } })
  }
  for (let i = 0; i < paramRouteCount; i++) {
    const sub = String(i)
    app.get(paramRoutePath(i), function paramRoute (request) { return { id: request.params.id, sub } })
  }
  app.get(targetRoutePath, function targetRoute (request) { return { id: request.params.id, sub: request.params.sub } })
  app.register(levelPlugin(1))
  return app
}

export async function startApp (peer, factory) {
  const name = appFromArgs()
  const app = name === 'S' ? buildApp(factory) : buildProductionApp(factory, name)
  await app.listen({ port: portFromArgs(), host })
  reportReady(peer, app.server.address().port)
}
