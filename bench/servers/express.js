// Peer "express": express@5. No encapsulation: S5's 20 hooks are middleware on the route.
import express from 'express'
import {
  helloWorld, users, staticRouteCount, paramRouteCount, staticRoutePath, paramRoutePath, targetRoutePath,
  depth, deepRoutePath, hookCounter
} from '../scenarios.js'
import { validateItem, badRequest } from './validator.js'
import { portFromArgs, host, reportReady } from './harness.js'

const app = express()
let nextId = 1

function countHook (req, res, next) {
  hookCounter.hits++
  next()
}

app.get('/', function hello (req, res) { res.json(helloWorld) })
app.get('/users', function listUsers (req, res) { res.json(users) })
app.post('/items', express.json(), function createItem (req, res) {
  if (!validateItem(req.body)) {
    res.status(400).json(badRequest)
    return
  }
  res.json({ ok: true, id: nextId++ })
})
for (let i = 0; i < staticRouteCount; i++) {
  const id = String(i)
  app.get(staticRoutePath(i), function staticRoute (req, res) { res.json({ id, sub: 'static' }) })
}
for (let i = 0; i < paramRouteCount; i++) {
  const sub = String(i)
  app.get(paramRoutePath(i), function paramRoute (req, res) { res.json({ id: req.params.id, sub }) })
}
app.get(targetRoutePath, function targetRoute (req, res) { res.json({ id: req.params.id, sub: req.params.sub }) })
const hooks = []
for (let i = 0; i < depth * 2; i++) hooks.push(countHook)
app.get(deepRoutePath, ...hooks, function deepHandler (req, res) { res.json(helloWorld) })

const server = app.listen(portFromArgs(), host, function onListening () { reportReady('express', server.address().port) })
