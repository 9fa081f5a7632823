import t from 'tap'
import { z } from 'zod'
import { serializerCompiler } from '@enclave/zod'
import { entries } from '../../kit/test/conformance/entries.js'
import { overSocket } from '../../kit/test/fixtures/over-socket.js'
import { neverSent, rewritingResponses } from '../../kit/test/fixtures/rewriting-responses.js'

for (const entry of entries) {
  t.test(`${entry.name}: a response carries what its schema rewrites, however deep`, async (t) => {
    const app = entry.create()
    app.setSerializerCompiler(serializerCompiler)
    for (const [i, { schema, payload }] of rewritingResponses.entries()) {
      app.get('/' + String(i), { schema: { response: { 200: schema } } }, async () => payload)
    }
    app.get('/never', { schema: { response: { 200: neverSent.schema } } }, async () => neverSent.payload)
    app.get('/plain', { schema: { response: { 200: z.object({ name: z.string() }) } } }, async () => ({ name: 'Ada', password: 'hunter2' }))
    const send = await overSocket(t, app)
    for (const [i, { name, sent }] of rewritingResponses.entries()) {
      const answer = await send('GET', '/' + String(i))
      t.same([answer.statusCode, answer.body], [200, sent], name)
    }
    const never = await send('GET', '/never')
    t.equal(never.statusCode, 500, 'a z.never() field present fails the response')
    t.notMatch(never.body, 'hunter2')
    t.same(await send('GET', '/plain'), { statusCode: 200, body: '{"name":"Ada"}' }, 'undeclared keys are still left out')
  })
}
