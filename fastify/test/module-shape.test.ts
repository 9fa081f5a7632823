import { test } from 'tap'
import { createRequire } from 'node:module'
import fastifyDefault, { fastify, errorCodes } from '@enclave/fastify'
import { assertErrorModulesLikeFastify } from '../../core/test/fixtures/error-class-shape.js'

const require = createRequire(import.meta.url)

test('require() returns the factory itself, with fastify, default and errorCodes, as fastify@5.12.8\'s module', async (t) => {
  const required = require('@enclave/fastify')
  const theirs = require('fastify5')
  for (const module of [required, theirs]) {
    t.equal(typeof module, 'function')
    t.equal(module.fastify, module)
    t.equal(module.default, module)
    t.equal(typeof module.errorCodes.FST_ERR_NOT_FOUND, 'function')
    t.equal(typeof module.LogController, 'function', 'LogController exported, as Fastify 5.12')
  }
  t.same(Object.keys(required), Object.keys(theirs), 'the same keys in the same order')
  t.equal(required, fastify, 'require() and import give one factory')
})

test('import gives the same factory as default and named exports, and the app answers as Fastify 5.12.8', async (t) => {
  t.equal(fastifyDefault, fastify)
  const app = fastify()
  app.get('/', async () => ({ hello: 'world' }))
  const res = await app.inject('/')
  t.equal(res.statusCode, 200)
  t.same(res.json(), { hello: 'world' })
  t.equal(app.version, '5.12.8')
  t.equal(require('@enclave/fastify/package.json').version, '5.12.8', 'the package is versioned as the Fastify release it answers as')
  await app.close()
})

test('errorCodes has no code Fastify 5 removed, and every code it shares with Fastify 5 is the class the core throws', async (t) => {
  const theirs = require('fastify5').errorCodes
  for (const removed of ['FST_ERR_DEFAULT_ROUTE_INVALID_TYPE', 'FST_ERR_VERSION_CONSTRAINT_NOT_STR', 'FST_ERR_HTTP2_INVALID_VERSION']) {
    t.notOk(removed in theirs, `${removed}: not in fastify@5.12.8`)
    t.notOk(removed in errorCodes, `${removed}: not in @enclave/fastify`)
    t.ok(removed in require('@enclave/fastify4').errorCodes, `${removed}: still in @enclave/fastify4`)
  }
  t.same(Object.keys(errorCodes).filter((code) => !code.startsWith('ENC_ERR_')).sort(), Object.keys(theirs).sort(), 'Fastify 5\'s codes, and Enclave\'s own (ENC_ERR_*)')
  const app = fastify()
  app.get('/', async (request, reply) => reply.code(99).send())
  app.setErrorHandler(async (error, request, reply) => {
    reply.code(500).send({ isBadStatusCode: error instanceof errorCodes.FST_ERR_BAD_STATUS_CODE })
  })
  t.same((await app.inject('/')).json(), { isBadStatusCode: true })
  await app.close()
})

test('each code\'s class extends the built-in error fastify@5.12.8\'s does, with its name, status, message and keys', async (t) => {
  assertErrorModulesLikeFastify(t,
    { codes: errorCodes, libErrors: require('@enclave/fastify/lib/errors') },
    { codes: require('fastify5').errorCodes, libErrors: require('fastify5/lib/errors') })
})

test('require(\'fastify/lib/errors\') gives the classes of errorCodes, as Fastify v5\'s path does', async (t) => {
  const errors = require('@enclave/fastify/lib/errors')
  const theirs = require('fastify5/lib/errors')
  t.equal(errors.FST_ERR_NOT_FOUND, errorCodes.FST_ERR_NOT_FOUND)
  for (const code of Object.keys(errorCodes)) t.equal(errors[code], errorCodes[code as keyof typeof errorCodes], code)
  t.equal(typeof theirs.FST_ERR_NOT_FOUND, 'function', 'the path exists in fastify@5.12.8')
})

test('require(\'fastify/lib/reply\') is the constructor whose prototype every reply descends from; lib/symbols has kRouteContext', async (t) => {
  const Reply = require('@enclave/fastify/lib/reply')
  const { kRouteContext } = require('@enclave/fastify/lib/symbols')
  t.equal(typeof Reply, 'function')
  t.equal(typeof kRouteContext, 'symbol')
  t.equal(typeof require('fastify5/lib/symbols').kRouteContext, 'symbol', 'fastify@5.12.8 has the same path and key')
  const app = fastify()
  app.get('/', async (request, reply) => ({ descends: reply instanceof Reply }))
  t.same((await app.inject('/')).json(), { descends: true })
  await app.close()
})
