import { test } from 'tap'
import { createRequire } from 'node:module'
import fastifyDefault, { fastify, errorCodes } from '@enclave/fastify4'
import { assertErrorModulesLikeFastify } from '../../core/test/fixtures/error-class-shape.js'

const require = createRequire(import.meta.url)

test('require() returns the factory itself, with fastify, default and errorCodes', async (t) => {
  const required = require('@enclave/fastify4')
  t.equal(typeof required, 'function')
  t.equal(required.fastify, required)
  t.equal(required.default, required)
  t.equal(required.errorCodes.FST_ERR_NOT_FOUND.code ?? 'FST_ERR_NOT_FOUND', 'FST_ERR_NOT_FOUND')
})

test('import gives the same factory as default and named exports', async (t) => {
  t.equal(fastifyDefault, fastify)
  t.ok(errorCodes.FST_ERR_NOT_FOUND)
  const app = fastify()
  app.get('/', async () => ({ hello: 'world' }))
  const res = await app.inject('/')
  t.equal(res.statusCode, 200)
  t.same(res.json(), { hello: 'world' })
  await app.close()
})

test('require(\'fastify/lib/errors\') gives the same error classes as errorCodes, as Fastify v4\'s path does', async (t) => {
  const errors = require('@enclave/fastify4/lib/errors')
  const theirs = require('fastify4/lib/errors')
  t.equal(errors.FST_ERR_NOT_FOUND, errorCodes.FST_ERR_NOT_FOUND)
  for (const code of Object.keys(theirs).filter((key) => key.startsWith('FST_ERR_'))) t.ok(errors[code], code)
  const app = fastify()
  app.get('/', async (request, reply) => reply.code(99).send())
  app.setErrorHandler(async (error, request, reply) => {
    reply.code(500).send({ isBadStatusCode: error instanceof errors.FST_ERR_BAD_STATUS_CODE })
  })
  t.same((await app.inject('/')).json(), { isBadStatusCode: true })
  await app.close()
})

test('errorCodes has fastify@4.29.1\'s codes, and Enclave\'s own (ENC_ERR_*): none Fastify 5 added', async (t) => {
  const theirs = Object.keys(require('fastify4').errorCodes).sort()
  const ours = Object.keys(errorCodes).filter((code) => !code.startsWith('ENC_ERR_')).sort()
  t.same(ours, theirs)
  t.notOk('FST_ERR_CTP_INVALID_JSON_BODY' in errorCodes, 'a Fastify 5 code a plugin may feature-test')
})

test('each code\'s class extends the built-in error fastify@4.29.1\'s does, with its name, status, message and keys', async (t) => {
  assertErrorModulesLikeFastify(t,
    { codes: errorCodes, libErrors: require('@enclave/fastify4/lib/errors') },
    { codes: require('fastify4').errorCodes, libErrors: require('fastify4/lib/errors') })
})
