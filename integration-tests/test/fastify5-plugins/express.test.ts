// @fastify/express 4 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: Express
// middleware and a whole Express router mounted in a Fastify app, beside Fastify routes, over a real
// socket (Express writes its answers to the raw response).
import { createRequire } from 'node:module'
import t from 'tap'
import fastifyExpress from '@fastify5/express'
import { onFastify5 } from '../helpers/fastify5.js'

// express ships no type declarations
const express = createRequire(import.meta.url)('express')

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(fastifyExpress)
  const router = express.Router()
  router.use((_req: any, res: any, next: () => void) => { res.setHeader('x-router', 'express'); next() })
  router.get('/legacy/:id', (req: any, res: any) => { res.status(201).json({ id: req.params.id, from: 'express' }) })
  app.use(router)
  app.get('/modern', async () => ({ from: 'fastify' }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  return app
}, async (t, app) => {
  const origin = `http://127.0.0.1:${String(app.server.address().port)}`
  t.test('an Express router answers its own routes', async (t) => {
    const res = await fetch(`${origin}/legacy/7`)
    t.equal(res.status, 201)
    t.equal(res.headers.get('x-router'), 'express')
    t.same(await res.json(), { id: '7', from: 'express' })
  })

  t.test('Fastify routes answer beside it, after the router\'s middleware', async (t) => {
    const res = await fetch(`${origin}/modern`)
    t.same(await res.json(), { from: 'fastify' })
    t.equal(res.headers.get('x-router'), 'express')
  })
})
