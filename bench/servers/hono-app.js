// The hono peer's app (bench/servers/hono.js serves it over Node; bench/fetch-compare.js calls its
// fetch in-process on Node, Bun and Deno). S5's 20 hooks are middleware on the route.
import { Hono } from 'hono'
import {
  helloWorld, users, staticRouteCount, paramRouteCount, staticRoutePath, paramRoutePath, targetRoutePath,
  depth, deepRoutePath, hookCounter
} from '../scenarios.js'
import { validateItem, badRequest } from './validator.js'

export function buildHonoApp () {
  const app = new Hono()
  let nextId = 1

  async function countHook (c, next) {
    hookCounter.hits++
    await next()
  }

  app.get('/', function hello (c) { return c.json(helloWorld) })
  app.get('/users', function listUsers (c) { return c.json(users) })
  app.post('/items', async function createItem (c) {
    let body
    try {
      body = await c.req.json()
    } catch {
      return c.json(badRequest, 400)
    }
    if (!validateItem(body)) return c.json(badRequest, 400)
    return c.json({ ok: true, id: nextId++ })
  })
  for (let i = 0; i < staticRouteCount; i++) {
    const id = String(i)
    app.get(staticRoutePath(i), function staticRoute (c) { return c.json({ id, sub: 'static' }) })
  }
  for (let i = 0; i < paramRouteCount; i++) {
    const sub = String(i)
    app.get(paramRoutePath(i), function paramRoute (c) { return c.json({ id: c.req.param('id'), sub }) })
  }
  app.get(targetRoutePath, function targetRoute (c) { return c.json({ id: c.req.param('id'), sub: c.req.param('sub') }) })
  const hooks = []
  for (let i = 0; i < depth * 2; i++) hooks.push(countHook)
  app.get(deepRoutePath, ...hooks, function deepHandler (c) { return c.json(helloWorld) })
  return app
}
