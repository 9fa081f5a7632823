import { test } from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const body = { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] }
const results: Array<[string, () => unknown]> = [['a string', () => 'just a string'], ['a plain object', () => ({ message: 'obj', statusCode: 422 })]]

/** Status and the error code (or the payload's `message`) for each formatter result, on a failing body. */
async function answers (factory: Factory): Promise<string[]> {
  const seen: string[] = []
  for (const [, result] of results) {
    const app = factory({ schemaErrorFormatter: result })
    app.post('/', { schema: { body } }, async () => 'handled')
    const res = await app.inject({ method: 'POST', url: '/', payload: { a: 'x' } })
    seen.push(`${res.statusCode} ${String(res.json().code ?? res.json().message)}`)
    await app.close()
  }
  return seen
}

for (const [name, factory] of [...faces, ...fastify5Faces]) {
  const fastify = name.startsWith('fastify@')
  test(`${name}: a schemaErrorFormatter result that is not an Error ${fastify ? 'misbehaves' : 'answers a coded 500'}`, async (t) => {
    t.same(await answers(factory), fastify
      ? ["500 Cannot create property 'statusCode' on string 'just a string'", '200 FST_ERR_VALIDATION']
      : ['500 ENC_ERR_SCHEMA_ERROR_FORMATTER_RESULT', '500 ENC_ERR_SCHEMA_ERROR_FORMATTER_RESULT'])
  })
}
