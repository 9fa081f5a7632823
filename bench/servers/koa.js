// Peer "koa": koa@3 with @koa/router and @koa/bodyparser. S5's 20 hooks are middleware on the route.
import Koa from 'koa'
import Router from '@koa/router'
import { bodyParser } from '@koa/bodyparser'
import {
  helloWorld, users, staticRouteCount, paramRouteCount, staticRoutePath, paramRoutePath, targetRoutePath,
  depth, deepRoutePath, hookCounter
} from '../scenarios.js'
import { validateItem, badRequest } from './validator.js'
import { portFromArgs, host, reportReady } from './harness.js'

const app = new Koa()
// Koa logs every socket error to stderr; the load generator hanging up mid-response (EPIPE) is expected.
app.silent = true
const router = new Router()
let nextId = 1

function countHook (ctx, next) {
  hookCounter.hits++
  return next()
}

router.get('/', function hello (ctx) { ctx.body = helloWorld })
router.get('/users', function listUsers (ctx) { ctx.body = users })
router.post('/items', bodyParser(), function createItem (ctx) {
  if (!validateItem(ctx.request.body)) {
    ctx.status = 400
    ctx.body = badRequest
    return
  }
  ctx.body = { ok: true, id: nextId++ }
})
for (let i = 0; i < staticRouteCount; i++) {
  const id = String(i)
  router.get(staticRoutePath(i), function staticRoute (ctx) { ctx.body = { id, sub: 'static' } })
}
for (let i = 0; i < paramRouteCount; i++) {
  const sub = String(i)
  router.get(paramRoutePath(i), function paramRoute (ctx) { ctx.body = { id: ctx.params.id, sub } })
}
router.get(targetRoutePath, function targetRoute (ctx) { ctx.body = { id: ctx.params.id, sub: ctx.params.sub } })
const hooks = []
for (let i = 0; i < depth * 2; i++) hooks.push(countHook)
router.get(deepRoutePath, ...hooks, function deepHandler (ctx) { ctx.body = helloWorld })
app.use(router.routes())

const server = app.listen(portFromArgs(), host, function onListening () { reportReady('koa', server.address().port) })
