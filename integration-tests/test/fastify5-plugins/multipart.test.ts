// @fastify/multipart 10 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: one file
// with its fields, `parts()`, the size and count limits, non-multipart requests, and
// `attachFieldsToBody` feeding a body schema.
import t from 'tap'
import multipart from '@fastify5/multipart'
import { onFastify5 } from '../helpers/fastify5.js'

const boundary = '----enclave5'
function body (parts: Array<{ name: string, value: string, filename?: string, type?: string }>): string {
  let text = ''
  for (const part of parts) {
    text += `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`
    if (part.filename !== undefined) text += `; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`
    text += `\r\n\r\n${part.value}\r\n`
  }
  return text + `--${boundary}--\r\n`
}
const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` }

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(async (streams: any) => {
    await streams.register(multipart, { limits: { fileSize: 100, files: 1 } })
    streams.post('/file', async (request: any) => {
      const data = await request.file()
      const content = (await data.toBuffer()).toString()
      return { field: data.fieldname, filename: data.filename, mimetype: data.mimetype, content, fields: Object.keys(data.fields) }
    })
    streams.post('/parts', async (request: any) => {
      const seen: string[] = []
      for await (const part of request.parts()) {
        if (part.type === 'file') seen.push(`file:${String(part.filename)}:${(await part.toBuffer()).toString()}`)
        else seen.push(`field:${String(part.fieldname)}=${String(part.value)}`)
      }
      return seen
    })
  }, { prefix: '/streams' })
  await app.register(async (fields: any) => {
    await fields.register(multipart, { attachFieldsToBody: 'keyValues' })
    fields.post('/', {
      schema: { body: { type: 'object', required: ['title'], properties: { title: { type: 'string' }, count: { type: 'integer' } } } }
    }, async (request: any) => ({ title: request.body.title, count: request.body.count, note: Buffer.isBuffer(request.body.note) ? 'buffer' : typeof request.body.note }))
  }, { prefix: '/fields' })
  return app
}, async (t, app) => {
  t.test('request.file() gives the file and the fields before it', async (t) => {
    const res = await app.inject({
      method: 'POST',
      url: '/streams/file',
      headers,
      payload: body([{ name: 'title', value: 'T' }, { name: 'upload', value: 'file content', filename: 'a.txt', type: 'text/plain' }])
    })
    t.equal(res.statusCode, 200)
    t.same(res.json(), { field: 'upload', filename: 'a.txt', mimetype: 'text/plain', content: 'file content', fields: ['title', 'upload'] })
  })

  t.test('parts() yields fields and files in order', async (t) => {
    const res = await app.inject({
      method: 'POST',
      url: '/streams/parts',
      headers,
      payload: body([{ name: 'a', value: '1' }, { name: 'f', value: 'data', filename: 'f.bin' }, { name: 'b', value: '2' }])
    })
    t.same(res.json(), ['field:a=1', 'file:f.bin:data', 'field:b=2'])
  })

  t.test('a file over fileSize and a second file answer 413', async (t) => {
    const large = await app.inject({ method: 'POST', url: '/streams/file', headers, payload: body([{ name: 'f', value: 'x'.repeat(200), filename: 'big.bin' }]) })
    t.equal(large.statusCode, 413)
    t.equal(large.json().code, 'FST_REQ_FILE_TOO_LARGE')
    const two = await app.inject({
      method: 'POST',
      url: '/streams/parts',
      headers,
      payload: body([{ name: 'f', value: '1', filename: '1.bin' }, { name: 'g', value: '2', filename: '2.bin' }])
    })
    t.equal(two.statusCode, 413)
    t.equal(two.json().code, 'FST_FILES_LIMIT')
  })

  t.test('a non-multipart request answers 406 from request.file()', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/streams/file', payload: { a: 1 } })
    t.equal(res.statusCode, 406)
    t.equal(res.json().code, 'FST_INVALID_MULTIPART_CONTENT_TYPE')
  })

  t.test('attachFieldsToBody: keyValues validates and coerces the fields with the body schema', async (t) => {
    const ok = await app.inject({
      method: 'POST',
      url: '/fields/',
      headers,
      payload: body([{ name: 'title', value: 'Hello' }, { name: 'count', value: '3' }, { name: 'note', value: 'n', filename: 'n.txt' }])
    })
    t.equal(ok.statusCode, 200)
    t.same(ok.json(), { title: 'Hello', count: 3, note: 'buffer' })
    const missing = await app.inject({ method: 'POST', url: '/fields/', headers, payload: body([{ name: 'count', value: '3' }]) })
    t.equal(missing.statusCode, 400)
    t.equal(missing.json().message, 'body must have required property \'title\'')
  })
})
