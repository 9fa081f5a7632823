// The raw node:http peers: the same work every framework does, written by hand — the limit a
// framework can approach. `render` turns a scenario's payload into the response body.
import http from 'node:http'
import {
  helloWorld, users, validateItemByHand, staticRouteCount, paramRouteCount, depth, hookCounter
} from '../scenarios.js'

const jsonType = 'application/json; charset=utf-8'

function sendJson (res, status, body) {
  res.writeHead(status, { 'content-type': jsonType, 'content-length': Buffer.byteLength(body) })
  res.end(body)
}

const notFound = '{"statusCode":404,"error":"Not Found","message":"Not Found"}'
const badRequest = '{"statusCode":400,"error":"Bad Request","message":"body is invalid"}'

/** Hand-written router over the same 1000 routes the frameworks register. */
function buildStaticRoutes () {
  const routes = new Map()
  for (let i = 0; i < staticRouteCount; i++) routes.set(`/static/route${i}`, i)
  return routes
}

function hookStep () { hookCounter.hits++ }

/**
 * @param {object} render
 *   hello(payload), users(payload), created(payload), params(payload), validate(body) → boolean
 */
export function createRawServer (render) {
  const staticRoutes = buildStaticRoutes()
  let nextId = 1

  function readItem (req, res) {
    const chunks = []
    req.on('data', function onData (chunk) { chunks.push(chunk) })
    req.on('end', function onEnd () {
      let body
      try {
        body = JSON.parse(chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8'))
      } catch {
        sendJson(res, 400, badRequest)
        return
      }
      if (!render.validate(body)) {
        sendJson(res, 400, badRequest)
        return
      }
      sendJson(res, 200, render.created({ ok: true, id: nextId++ }))
    })
  }

  function route (req, res) {
    const url = req.url
    const mark = url.indexOf('?')
    const path = mark === -1 ? url : url.slice(0, mark)
    if (req.method === 'GET') {
      if (path === '/') return sendJson(res, 200, render.hello(helloWorld))
      if (path === '/users') return sendJson(res, 200, render.users(users))
      if (path === '/deep') {
        for (let i = 0; i < depth * 2; i++) hookStep()
        return sendJson(res, 200, render.hello(helloWorld))
      }
      if (path.startsWith('/r/')) {
        const slash = path.indexOf('/', 3)
        if (slash !== -1 && path.indexOf('/', slash + 1) === -1) {
          return sendJson(res, 200, render.params({ id: path.slice(3, slash), sub: path.slice(slash + 1) }))
        }
      }
      const index = staticRoutes.get(path)
      if (index !== undefined) return sendJson(res, 200, render.params({ id: String(index), sub: 'static' }))
      if (path.startsWith('/p')) {
        const slash = path.indexOf('/', 2)
        const n = Number(path.slice(2, slash))
        if (slash !== -1 && Number.isInteger(n) && n < paramRouteCount && path.indexOf('/', slash + 1) === -1) {
          return sendJson(res, 200, render.params({ id: path.slice(slash + 1), sub: String(n) }))
        }
      }
    } else if (req.method === 'POST' && path === '/items') {
      return readItem(req, res)
    }
    sendJson(res, 404, notFound)
  }

  return http.createServer(route)
}

export const jsonStringifyRender = {
  hello: JSON.stringify,
  users: JSON.stringify,
  created: JSON.stringify,
  params: JSON.stringify,
  validate: validateItemByHand
}
