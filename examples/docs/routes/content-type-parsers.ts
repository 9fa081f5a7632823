import enclave from '@enclave/core'
import type { IncomingMessage } from 'node:http'

const app = enclave()

const parseXml = (request: unknown, body: string) => ({ xml: body })
const catchAll = (request: unknown, body: Buffer) => ({ bytes: body.length })
async function readCsv (payload: IncomingMessage) {
  let text = ''
  for await (const chunk of payload) text += chunk
  return text.trim().split('\n').map((line) => line.split(','))
}

app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' },
  (request, body) => Object.fromEntries(new URLSearchParams(body as string)))
app.addContentTypeParser(['image/png', 'image/jpeg'], { parseAs: 'buffer', bodyLimit: 10_000_000 },
  async (request, body) => body)
app.addContentTypeParser(/^application\/.+\+xml$/, { parseAs: 'string' }, parseXml)
app.addContentTypeParser('text/csv', (request, payload, done) => { /* read the stream yourself */
  readCsv(payload).then((rows) => done(null, rows), (error) => done(error))
})
app.addContentTypeParser('*', { parseAs: 'buffer' }, catchAll)

app.post('/', async (request) => request.body)

async function send (contentType: string, payload: string) {
  return (await app.inject({ method: 'POST', url: '/', headers: { 'content-type': contentType }, payload })).json()
}
console.log(await send('application/x-www-form-urlencoded', 'a=1&b=2')) // { a: '1', b: '2' }
console.log(await send('application/atom+xml', '<feed/>')) // { xml: '<feed/>' }
console.log(await send('text/csv', 'a,b\n1,2')) // [ [ 'a', 'b' ], [ '1', '2' ] ]
console.log(await send('application/octet-stream', 'abc')) // { bytes: 3 }

export default app
