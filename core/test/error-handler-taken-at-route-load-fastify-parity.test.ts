import t from 'tap'
import { createRequire } from 'node:module'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const require = createRequire(import.meta.url)
const fp5 = require('fastify-plugin') as (fn: any) => any
const fp4 = require('fastify-plugin4') as (fn: any) => any

type Build = (app: any, fp: (fn: any) => any) => void

function failing (name: string) {
  return async function () { throw new Error(`from ${name}`) }
}

function errorHandler (name: string) {
  return function (error: Error, _request: unknown, reply: any) { reply.code(418).send({ handledBy: name, message: error.message }) }
}

/** Which error handler answers each route's error: a route takes the handlers in effect when avvio reaches its declaration. */
async function observe (factory: Factory, fp: (fn: any) => any, build: Build): Promise<string[]> {
  const app = factory()
  build(app, fp)
  await app.ready()
  const seen: string[] = []
  for (const url of ['/a', '/b', '/child/a', '/child/b']) {
    const response = await app.inject(url)
    seen.push(`${url}: ${response.statusCode} ${response.body}`)
  }
  await app.close()
  return seen
}

const builds: Record<string, Build> = {
  'a wrapped plugin setting the handler, registered after a route of its context': (app, fp) => {
    app.get('/a', failing('/a'))
    app.register(fp(async (instance: any) => { instance.setErrorHandler(errorHandler('wrapped plugin')) }))
    app.get('/b', failing('/b'))
  },
  'a handler set directly after the route': (app) => {
    app.get('/a', failing('/a'))
    app.setErrorHandler(errorHandler('root'))
  },
  'an awaited wrapped plugin in an encapsulated one': (app, fp) => {
    app.setErrorHandler(errorHandler('root'))
    app.register(async (child: any) => {
      child.get('/a', failing('/child/a'))
      await child.register(fp(async (instance: any) => { instance.setErrorHandler(errorHandler('wrapped plugin')) }))
      child.get('/b', failing('/child/b'))
    }, { prefix: '/child' })
  }
}

const [fastify4, , face4] = faces

for (const [label, build] of Object.entries(builds)) {
  t.test(`${label}: each route's errors reach the error handler Fastify's would`, async (t) => {
    const [[v5Name, fastify5], [faceName, face5]] = fastify5Faces
    t.same(await observe(face5, fp5, build), await observe(fastify5, fp5, build), `${faceName} as ${v5Name}`)
    t.same(await observe(face4![1], fp4, build), await observe(fastify4![1], fp4, build), `${face4![0]} as ${fastify4![0]}`)
  })
}

t.test('enclave(): a route declared before a wrapped plugin sets the handler keeps the one in effect then', async (t) => {
  const [, enclaveEntry] = faces[1]!
  const seen = await observe(enclaveEntry, fp5, builds['a wrapped plugin setting the handler, registered after a route of its context']!)
  t.match(seen[0], /^\/a: 500 /)
  t.match(seen[1], /^\/b: 418 .*"handledBy":"wrapped plugin"/)
})
