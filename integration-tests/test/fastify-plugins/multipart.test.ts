// @fastify/multipart 8 (the Fastify 4 major), unmodified, on Enclave: the plugin's content-type
// parser hands the raw stream on, then request.file() / files() / parts() read uploads and
// fields; limits answer 413; attachFieldsToBody feeds the body schema; saved files are cleaned up
// after the response.
import { existsSync, readFileSync } from 'node:fs'
import http from 'node:http'
import t from 'tap'
import FormData from 'form-data'
import enclave from '@enclave/core'
import type { EnclaveInstance, EnclaveRequest } from '@enclave/core'
import multipart from '@fastify/multipart'
import { start } from '../helpers/listen.js'

interface Field { type: 'field', fieldname: string, value: unknown }
interface FilePart {
  type: 'file'
  fieldname: string
  filename: string
  encoding: string
  mimetype: string
  file: NodeJS.ReadableStream & { truncated: boolean }
  fields: Record<string, Field | FilePart | Array<Field | FilePart>>
  toBuffer: () => Promise<Buffer>
}
interface SavedFile { fieldname: string, filename: string, filepath: string }
interface MultipartRequest {
  isMultipart: () => boolean
  file: () => Promise<FilePart | undefined>
  files: () => AsyncIterable<FilePart>
  parts: () => AsyncIterable<Field | FilePart>
  saveRequestFiles: () => Promise<SavedFile[]>
}

function uploads (request: EnclaveRequest): MultipartRequest {
  return request as unknown as MultipartRequest
}

function post (app: EnclaveInstance, url: string, form: FormData) {
  return app.inject({ method: 'POST', url, payload: form.getBuffer(), headers: form.getHeaders() })
}

function fieldValues (fields: FilePart['fields']): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const [name, entry] of Object.entries(fields)) {
    if (!Array.isArray(entry) && entry.type === 'field') values[name] = entry.value
  }
  return values
}

t.test('request.file() reads one uploaded file and the fields sent before it', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(multipart)
  app.post('/upload', async function upload (request) {
    const data = await uploads(request).file()
    if (data === undefined) return { file: null }
    const content = await data.toBuffer()
    return {
      fieldname: data.fieldname,
      filename: data.filename,
      mimetype: data.mimetype,
      content: content.toString(),
      fields: fieldValues(data.fields)
    }
  })

  const form = new FormData()
  form.append('title', 'Quarterly report')
  form.append('report', Buffer.from('line one\nline two\n'), { filename: 'report.txt', contentType: 'text/plain' })
  const response = await post(app, '/upload', form)
  t.equal(response.statusCode, 200)
  t.same(response.json(), {
    fieldname: 'report',
    filename: 'report.txt',
    mimetype: 'text/plain',
    content: 'line one\nline two\n',
    fields: { title: 'Quarterly report' }
  })
})

t.test('request.parts() yields fields and files in order; files() only the files', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(multipart)
  app.post('/parts', async function parts (request) {
    const seen: string[] = []
    for await (const part of uploads(request).parts()) {
      if (part.type === 'file') seen.push(`file ${part.fieldname} ${part.filename} ${(await part.toBuffer()).toString()}`)
      else seen.push(`field ${part.fieldname} ${String(part.value)}`)
    }
    return seen
  })
  app.post('/files', async function files (request) {
    const names: string[] = []
    for await (const file of uploads(request).files()) {
      names.push(file.filename)
      file.file.resume()
    }
    return names
  })

  const form = new FormData()
  form.append('album', 'holidays')
  form.append('photo', Buffer.from('first'), { filename: 'a.jpg', contentType: 'image/jpeg' })
  form.append('photo', Buffer.from('second'), { filename: 'b.jpg', contentType: 'image/jpeg' })
  form.append('note', 'two photos')
  t.same((await post(app, '/parts', form)).json(), [
    'field album holidays',
    'file photo a.jpg first',
    'file photo b.jpg second',
    'field note two photos'
  ])

  const again = new FormData()
  again.append('x', '1')
  again.append('one', Buffer.from('1'), { filename: 'one.bin' })
  again.append('two', Buffer.from('2'), { filename: 'two.bin' })
  t.same((await post(app, '/files', again)).json(), ['one.bin', 'two.bin'])
})

t.test('limits: a file over fileSize, or too many files, is a 413 with the plugin\'s code', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(multipart, { limits: { fileSize: 1024, files: 1 } })
  app.post('/upload', async function upload (request) {
    const data = await uploads(request).file()
    return { size: (await data!.toBuffer()).length }
  })
  app.post('/many', async function many (request) {
    const names: string[] = []
    for await (const part of uploads(request).parts()) {
      if (part.type === 'file') {
        names.push(part.filename)
        await part.toBuffer()
      }
    }
    return names
  })

  const small = new FormData()
  small.append('doc', Buffer.alloc(1024, 'a'), { filename: 'fits.bin' })
  t.same((await post(app, '/upload', small)).json(), { size: 1024 })

  const large = new FormData()
  large.append('doc', Buffer.alloc(1025, 'a'), { filename: 'big.bin' })
  const tooLarge = await post(app, '/upload', large)
  t.equal(tooLarge.statusCode, 413)
  t.same(tooLarge.json(), { statusCode: 413, code: 'FST_REQ_FILE_TOO_LARGE', error: 'Payload Too Large', message: 'request file too large' })

  const two = new FormData()
  two.append('a', Buffer.from('1'), { filename: 'a.txt' })
  two.append('b', Buffer.from('2'), { filename: 'b.txt' })
  const tooMany = await post(app, '/many', two)
  t.equal(tooMany.statusCode, 413)
  t.equal(tooMany.json().code, 'FST_FILES_LIMIT')
})

t.test('a request that is not multipart is refused by the helpers with 406', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(multipart)
  app.post('/upload', async function upload (request) {
    const isMultipart = uploads(request).isMultipart()
    if (!isMultipart) {
      await uploads(request).file()
    }
    return { isMultipart }
  })

  const json = await app.inject({ method: 'POST', url: '/upload', payload: { not: 'multipart' } })
  t.equal(json.statusCode, 406)
  t.same(json.json(), { statusCode: 406, code: 'FST_INVALID_MULTIPART_CONTENT_TYPE', error: 'Not Acceptable', message: 'the request is not multipart' })
})

t.test('attachFieldsToBody: keyValues puts fields and file contents in request.body for the schema', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(multipart, { attachFieldsToBody: 'keyValues' })
  let handlerRuns = 0
  app.post('/profile', {
    schema: {
      body: {
        type: 'object',
        required: ['name', 'avatar'],
        properties: { name: { type: 'string', minLength: 1 }, age: { type: 'integer' }, avatar: {} }
      }
    }
  }, async function profile (request) {
    handlerRuns++
    const body = request.body as { name: string, age: number, avatar: Buffer }
    return { name: body.name, age: body.age, avatar: body.avatar.toString() }
  })

  const form = new FormData()
  form.append('name', 'Ada')
  form.append('age', '36')
  form.append('avatar', Buffer.from('<svg/>'), { filename: 'avatar.svg', contentType: 'image/svg+xml' })
  const response = await post(app, '/profile', form)
  t.equal(response.statusCode, 200)
  t.same(response.json(), { name: 'Ada', age: 36, avatar: '<svg/>' }, 'age was coerced by the schema')

  const missing = new FormData()
  missing.append('name', 'Ada')
  const invalid = await post(app, '/profile', missing)
  t.equal(invalid.statusCode, 400)
  t.same(invalid.json(), { statusCode: 400, error: 'Bad Request', message: "body should have required property 'avatar'" })
  t.equal(handlerRuns, 1)
})

t.test('attachFieldsToBody: true with sharedSchemaId validates the file part by the plugin\'s schema', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(multipart, { attachFieldsToBody: true, sharedSchemaId: '#uploadedFile' })
  app.post('/doc', {
    schema: {
      body: {
        type: 'object',
        required: ['doc'],
        properties: { doc: { $ref: '#uploadedFile' }, title: { type: 'object', properties: { value: { type: 'string' } } } }
      }
    }
  }, async function doc (request) {
    const body = request.body as { doc: FilePart, title: Field }
    return { title: body.title.value, filename: body.doc.filename, content: (await body.doc.toBuffer()).toString() }
  })

  const form = new FormData()
  form.append('title', 'Contract')
  form.append('doc', Buffer.from('terms'), { filename: 'contract.txt' })
  t.same((await post(app, '/doc', form)).json(), { title: 'Contract', filename: 'contract.txt', content: 'terms' })

  const noFile = new FormData()
  noFile.append('title', 'Contract')
  t.equal((await post(app, '/doc', noFile)).statusCode, 400)
})

t.test('saveRequestFiles writes uploads to temporary files that are removed after the response', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(multipart)
  const paths: string[] = []
  app.post('/save', async function save (request) {
    const files = await uploads(request).saveRequestFiles()
    return files.map((file) => {
      paths.push(file.filepath)
      return { filename: file.filename, content: readFileSync(file.filepath, 'utf8') }
    })
  })

  const form = new FormData()
  form.append('a', Buffer.from('alpha'), { filename: 'a.txt' })
  form.append('b', Buffer.from('beta'), { filename: 'b.txt' })
  const response = await post(app, '/save', form)
  t.same(response.json(), [{ filename: 'a.txt', content: 'alpha' }, { filename: 'b.txt', content: 'beta' }])
  t.equal(paths.length, 2)
  // The plugin's onResponse hook removes them after the response; its unlink calls are asynchronous.
  for (let waited = 0; waited < 10_000 && paths.some((path) => existsSync(path)); waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  t.same(paths.map((path) => existsSync(path)), [false, false])
})

t.test('over a real socket a streamed upload is read as it arrives', async (t) => {
  const app = enclave()
  await app.register(multipart)
  app.post('/upload', async function upload (request) {
    const data = await uploads(request).file()
    let bytes = 0
    for await (const chunk of data!.file) bytes += (chunk as Buffer).length
    return { filename: data!.filename, bytes, truncated: data!.file.truncated }
  })
  const { port } = await start(t, app)

  const form = new FormData()
  form.append('blob', Buffer.alloc(300 * 1024, 'z'), { filename: 'blob.bin', contentType: 'application/octet-stream' })
  const body = await new Promise<string>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/upload', headers: form.getHeaders() }, function collect (response) {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve(Buffer.concat(chunks).toString()))
    })
    request.on('error', reject)
    form.pipe(request)
  })
  t.same(JSON.parse(body), { filename: 'blob.bin', bytes: 300 * 1024, truncated: false })
})
