// An async handler that calls reply.send() without returning the reply, whose answer an onSend hook
// refuses: the handler's promise resolves while the onError hooks run. Nothing more is sent for it;
// the error path answers. Fastify 4.29 and 5.12 send that same 409, then throw
// FST_ERR_SEND_INSIDE_ONERR out of the handler's promise, which ends the process: they cannot be run
// here, and no Enclave entry throws.
import { test } from 'tap'
import { enclaveFaces, fastify5Face } from './fixtures/faces.js'

async function answer (factory: (options?: object) => any): Promise<unknown> {
  const app = factory()
  const seen: string[] = []
  app.addHook('onSend', async () => {
    seen.push('onSend')
    throw Object.assign(new Error('refused'), { statusCode: 409 })
  })
  app.addHook('onError', async (_request: unknown, reply: any) => {
    seen.push('onError')
    reply.header('x-on-error', '1')
  })
  app.get('/', async (_request: unknown, reply: any) => { reply.code(204).send() })
  const res = await app.inject('/')
  await app.close()
  return { status: res.statusCode, body: res.json(), onError: res.headers['x-on-error'], seen }
}

test('the handler resolving during the onError hooks adds nothing to the answer', async (t) => {
  const expected = { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'refused' }, onError: '1', seen: ['onSend', 'onError', 'onSend', 'onError'] }
  for (const [name, factory] of [...enclaveFaces, fastify5Face]) t.same(await answer(factory), expected, name)
})
