// A Content-Length that is not a decimal number. Over a socket Node's parser refuses such a head
// with a 400 before the app sees it, on every entry. inject() hands it to the app as given, and
// Fastify measures the body against `Number(value)`: a number that is not the body's length (`-1`,
// `1.5`, `+7`) is FST_ERR_CTP_INVALID_CONTENT_LENGTH, anything else (`abc`, `7, 7`) is not measured.
// The entries' inject() answer as their Fastify's does; app.fetch() refuses every value that is not
// `1*DIGIT` with that 400, as a server would, and never reads the body.
import t from 'tap'
import { enclaveFaces, faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const body = '{"a":1}'
const lengths = ['abc', '-1', '1.5', '+7', '0x7', '7e0', '7, 7', '3, 7', '', '07', '7']

interface Answer { status: number, code: string | null, body: unknown }

function appWith (factory: Factory): any {
  const app = factory()
  app.post('/', async (request: any) => ({ body: request.body }))
  return app
}

async function viaInject (factory: Factory, length: string): Promise<Answer> {
  const app = appWith(factory)
  try {
    const res = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json', 'content-length': length }, payload: body })
    const parsed = res.json()
    return { status: res.statusCode, code: parsed.code ?? null, body: parsed.body ?? null }
  } finally {
    await app.close()
  }
}

for (const [name, group] of [['Fastify 4', faces], ['Fastify 5', fastify5Faces]] as const) {
  t.test(`${name}: inject() measures the body against Number(Content-Length), on the entries as on their Fastify`, async (t) => {
    const [[, fastify], ...entries] = group
    for (const length of lengths) {
      const expected = await viaInject(fastify, length)
      for (const [face, factory] of entries) {
        t.same(await viaInject(factory, length), expected, `${face}, Content-Length ${JSON.stringify(length)}`)
      }
    }
  })
}

const entries: Array<[string, Factory]> = [...enclaveFaces, fastify5Faces[1]]

for (const [face, factory] of entries) {
  t.test(`${face}: app.fetch() refuses a Content-Length that is not a decimal number`, async (t) => {
    const app = appWith(factory)
    t.teardown(() => app.close())
    let pulled = 0
    for (const length of ['abc', '-1', '1.5', '+7', '0x7', '7e0', '7, 7', '7,7', '']) {
      const headers = new Headers({ 'content-type': 'application/json' })
      headers.set('content-length', length)
      // A stream that makes its bytes only when read (no high-water mark), to see that nothing is read.
      const source = new ReadableStream<Uint8Array>({
        pull (controller) {
          pulled++
          controller.enqueue(new TextEncoder().encode(body))
          controller.close()
        }
      }, { highWaterMark: 0 })
      const res = await app.fetch(new Request('http://localhost/', { method: 'POST', headers, body: source, duplex: 'half' } as RequestInit))
      t.equal(res.status, 400, `Content-Length ${JSON.stringify(length)}: 400`)
      t.equal((await res.json()).code, 'FST_ERR_CTP_INVALID_CONTENT_LENGTH', 'the code inject() gives a length that is not the body\'s')
    }
    t.equal(pulled, 0, 'no body was read')

    // The same field repeated (appended) reaches the app joined, as it would be on the wire: a list is no length.
    const repeated = new Headers({ 'content-type': 'application/json' })
    repeated.append('content-length', String(body.length))
    repeated.append('content-length', String(body.length))
    const twice = await app.fetch(new Request('http://localhost/', { method: 'POST', headers: repeated, body }))
    t.equal(twice.status, 400, 'a repeated Content-Length is refused')

    const valid = await app.fetch(new Request('http://localhost/', { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(body.length) }, body }))
    t.same({ status: valid.status, body: await valid.json() }, { status: 200, body: { body: { a: 1 } } }, 'a decimal length is read as before')
    const untyped = await app.fetch(new Request('http://localhost/', { method: 'POST', headers: { 'content-length': 'abc' }, body: new TextEncoder().encode(body) }))
    t.equal(untyped.status, 400, 'refused before the content type is looked at (no 415)')
  })

  t.test(`${face}: the refusal goes through the error path`, async (t) => {
    const app = factory()
    t.teardown(() => app.close())
    const seen: string[] = []
    app.addHook('preParsing', async () => { seen.push('preParsing') })
    app.setErrorHandler((error: { code: string }, _request: unknown, reply: any) => {
      seen.push(`error handler: ${error.code}`)
      reply.code(400).send({ refused: error.code })
    })
    app.post('/', async () => { seen.push('handler'); return 'ok' })
    const res = await app.fetch(new Request('http://localhost/', { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': 'abc' }, body }))
    t.same({ status: res.status, body: await res.json() }, { status: 400, body: { refused: 'FST_ERR_CTP_INVALID_CONTENT_LENGTH' } })
    t.same(seen, ['preParsing', 'error handler: FST_ERR_CTP_INVALID_CONTENT_LENGTH'], 'the handler never runs')
  })
}
