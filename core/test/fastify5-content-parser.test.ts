import { test } from 'tap'
import Fastify4 from 'fastify4'
import { fastify5Faces, enclaveFaces, type Factory } from './fixtures/faces.js'

const [, [, v4face]] = enclaveFaces
const invalidJson = { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY', error: 'Bad Request', message: "Body is not valid JSON but content-type is set to 'application/json'" }

async function answers (factory: Factory): Promise<unknown[]> {
  const app = factory()
  app.post('/', (request: any) => request.body)
  app.register(async (child: any) => {
    child.addContentTypeParser('application/json', { parseAs: 'buffer' }, child.getDefaultJsonParser('error', 'ignore'))
    child.post('/own', (request: any) => request.body)
  })
  const results: unknown[] = []
  for (const url of ['/', '/own']) {
    for (const payload of [']', '{"a":', '{"ok":true}']) {
      const res = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload })
      results.push([res.statusCode, res.json()])
    }
  }
  await app.close()
  return results
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: a JSON body that does not parse is FST_ERR_CTP_INVALID_JSON_BODY, from the default parser and getDefaultJsonParser's`, async (t) => {
    const ok = [200, { ok: true }]
    t.same(await answers(factory), [[400, invalidJson], [400, invalidJson], ok, [400, invalidJson], [400, invalidJson], ok])
  })
}

for (const [name, factory] of [['fastify@4.29.1', Fastify4 as unknown as Factory], ['@enclave/fastify4', v4face]] as Array<[string, Factory]>) {
  test(`${name}: a JSON body that does not parse answers the parser's own message, as Fastify 4.29`, async (t) => {
    const results = await answers(factory) as Array<[number, Record<string, unknown>]>
    t.same(results.map(([status, body]) => [status, body.code, body.error]), [[400, undefined, 'Bad Request'], [400, undefined, 'Bad Request'], [200, undefined, undefined], [400, undefined, 'Bad Request'], [400, undefined, 'Bad Request'], [200, undefined, undefined]])
  })
}
