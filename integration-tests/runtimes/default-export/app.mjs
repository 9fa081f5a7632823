// An app as a Bun or Deno user writes its entry module: the runtime serves the default export.
import enclave from '@enclave/core'

export function buildApp () {
  const app = enclave({ logger: false })
  app.get('/hello/:name', async (request) => ({ hello: request.params.name, ip: typeof request.ip }))
  app.post('/echo', { schema: { body: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } } } }, async (request) => request.body)
  return app
}
