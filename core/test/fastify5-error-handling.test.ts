import { test } from 'tap'
import { fastify5Faces, faces } from './fixtures/faces.js'

async function nullishAnswers (factory: (options?: any) => any): Promise<unknown[]> {
  const app = factory()
  app.get('/null', () => { throw null }) // eslint-disable-line no-throw-literal
  app.get('/undefined', (_request: unknown, reply: any) => { reply.code(503); throw undefined }) // eslint-disable-line no-throw-literal
  const results: unknown[] = []
  for (const url of ['/null', '/undefined']) {
    const res = await app.inject(url)
    results.push([res.statusCode, res.headers['content-type'], res.payload])
  }
  await app.close()
  return results
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: a thrown null or undefined is sent as the payload`, async (t) => {
    t.same(await nullishAnswers(factory), [[500, 'application/json; charset=utf-8', 'null'], [503, undefined, '']])
  })
}

for (const [name, factory] of faces) {
  test(`${name}: a thrown null answers Fastify 4.29's TypeError payload`, async (t) => {
    const [[status, , payload]] = await nullishAnswers(factory) as Array<[number, string, string]>
    t.equal(status, 500)
    t.equal(JSON.parse(payload).message, "Cannot read properties of null (reading 'statusCode')")
  })
}
