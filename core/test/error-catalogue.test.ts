import t from 'tap'
import { readFileSync } from 'node:fs'
import enclave, { errorCodes } from '@enclave/core'
import { catalogue } from '../dist/errors/codes.js'
import { renderErrorReference } from '../dist/errors/reference.js'

const docPath = new URL('../../docs/reference/errors.md', import.meta.url)

t.test('docs/reference/errors.md is generated from the catalogue and up to date', async (t) => {
  const onDisk = readFileSync(docPath, 'utf8')
  t.equal(onDisk, renderErrorReference(), 'run `npm run docs:errors` after changing core/src/errors/ (codes.ts, warnings.ts, package-codes.ts)')
})

t.test('every catalogue code is exported as a constructor and documented', async (t) => {
  const onDisk = readFileSync(docPath, 'utf8')
  const exported = Object.keys(errorCodes).sort()
  t.same(exported, catalogue.map((entry) => entry.code).sort())
  for (const entry of catalogue) {
    t.ok(onDisk.includes('`' + entry.code + '`'), `${entry.code} documented`)
    const ErrorClass = (errorCodes as Record<string, any>)[entry.code]
    const error = new ErrorClass('a', 'b', 'c')
    t.equal(error.code, entry.code)
    t.ok(error instanceof ErrorClass)
    t.ok(error instanceof Error)
    if ('statusCode' in entry) t.equal(error.statusCode, entry.statusCode)
    t.notMatch(error.message, /%s/, `${entry.code} message is formatted`)
  }
})

t.test('error constructors work without new and format their message', async (t) => {
  const error = (errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE as any)('application/xml')
  t.equal(error.message, 'Unsupported Media Type: application/xml')
  t.equal(error.statusCode, 415)
  t.equal(String(error), 'FastifyError [FST_ERR_CTP_INVALID_MEDIA_TYPE]: Unsupported Media Type: application/xml')
})

t.test('errorCodes is reachable from require() and import alike', async (t) => {
  const { createRequire } = await import('node:module')
  const require = createRequire(import.meta.url)
  const required = require('@enclave/core')
  t.equal(typeof required, 'function', 'require() returns the factory itself')
  t.equal(required.errorCodes, errorCodes)
  t.equal(required.default, required)
  t.equal(required.enclave, required)
  t.equal(typeof enclave, 'function')
})
