// For each entry given, builds an app with its factory and answers requests through app.fetch(); prints what came
// back as JSON. Run under refuse-socket-modules.mjs, it shows that nothing on that path needs
// node:http. The entry is a built module's path, imported as an ES module so that every import of
// the graph goes through the loader (a package's import entry would load the graph with require()).
import { pathToFileURL } from 'node:url'

async function serveThroughFetch (enclave) {
  const app = enclave({ trustProxy: 'loopback', logger: { level: 'silent' } })
  app.register(async function api (scope) {
    scope.addHook('onRequest', async (request, reply) => { reply.header('x-scope', 'api') })
    scope.post('/echo/:id', {
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer' } } },
        body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
        response: { 200: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } }
      }
    }, async (request) => ({ id: request.params.id, name: request.body.name, secret: 'dropped' }))
  }, { prefix: '/api' })

  const answers = []
  async function ask (request) {
    const response = await app.fetch(request)
    answers.push({ status: response.status, scope: response.headers.get('x-scope'), body: await response.text() })
  }
  const json = { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' }
  await ask(new Request('http://localhost/api/echo/7', { method: 'POST', headers: json, body: '{"name":"ada"}' }))
  await ask(new Request('http://localhost/api/echo/7', { method: 'POST', headers: json, body: '{"name":' }))
  await ask(new Request('http://localhost/api/echo/x', { method: 'POST', headers: json, body: '{"name":"ada"}' }))
  await ask(new Request('http://localhost/missing'))
  let listening
  try {
    await app.listen({ port: 0 })
    listening = 'listened'
  } catch (error) {
    listening = error.code
  }
  await app.close()
  return { answers, listening }
}

const outcomes = []
for (const entry of process.argv.slice(2)) {
  const { default: enclave } = await import(pathToFileURL(entry).href)
  outcomes.push(await serveThroughFetch(enclave))
}
process.stdout.write(JSON.stringify(outcomes))
