import enclave from '@enclave/core'

const app = enclave()
// every listed media type needs a parser; this one is JSON under another name
app.addContentTypeParser('application/vnd.acme.v2+json', { parseAs: 'string' }, (request, body, done) => {
  done(null, JSON.parse(body as string))
})

async function handler (request: { body: unknown }) {
  return { received: request.body }
}

app.post('/users', {
  schema: {
    body: {
      content: {
        'application/json': { schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
        'application/vnd.acme.v2+json': { schema: { type: 'object', properties: { fullName: { type: 'string' } } } },
        'text/plain': { schema: { type: 'string', maxLength: 100 } }
      }
    }
  }
}, handler)

const text = await app.inject({ method: 'POST', url: '/users', headers: { 'content-type': 'text/plain' }, payload: 'Ada' })
console.log(text.json()) // { received: 'Ada' }

const v2 = await app.inject({ method: 'POST', url: '/users', headers: { 'content-type': 'application/vnd.acme.v2+json' }, payload: '{"fullName":"Ada L"}' })
console.log(v2.json()) // { received: { fullName: 'Ada L' } }

const xml = await app.inject({ method: 'POST', url: '/users', headers: { 'content-type': 'application/xml' }, payload: '<user/>' })
console.log(xml.statusCode, xml.json().code, xml.json().message)
// 415 FST_ERR_CTP_INVALID_MEDIA_TYPE Unsupported Media Type: application/xml

export default app
