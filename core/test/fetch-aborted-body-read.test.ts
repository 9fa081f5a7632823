// A Request built in code whose body never ends, and whose signal aborts while the app waits for
// it. A runtime's server fails such a body when its client leaves; nothing fails this one, and
// app.fetch() used to wait for it forever. The body read now stops when the signal aborts: the
// request ends as a client leaving mid-upload (the onRequestAbort hooks, no handler), the body's
// source is cancelled, and app.fetch() rejects with the signal's reason, as fetch() does.
import t, { type Test } from 'tap'
import { getEventListeners } from 'node:events'
import { enclaveFaces, fastify5Face, type Factory } from './fixtures/faces.js'

const entries: Array<[string, Factory]> = [...enclaveFaces, fastify5Face]

interface Upload {
  source: ReadableStream<Uint8Array>
  /** Resolves once the app has asked for more than the body sent (it is waiting on the body). */
  waiting: Promise<void>
  /** What the source's cancel() was given: the read was stopped, and the source told. */
  cancelled: Promise<unknown>
}

/** A body that sends `first` (if any), then nothing more, ever. */
function endlessUpload (first: string | null): Upload {
  let pulls = 0
  let onWaiting: () => void = () => {}
  let onCancel: (reason: unknown) => void = () => {}
  const waiting = new Promise<void>((resolve) => { onWaiting = resolve })
  const cancelled = new Promise<unknown>((resolve) => { onCancel = resolve })
  const source = new ReadableStream<Uint8Array>({
    pull (controller) {
      pulls++
      if (pulls === 1 && first !== null) {
        controller.enqueue(new TextEncoder().encode(first))
        return
      }
      onWaiting()
      // Never closes: the reader is left waiting (the stream asks no more until this settles).
      return new Promise<void>(() => {})
    },
    cancel (reason) { onCancel(reason) }
  }, { highWaterMark: 0 })
  return { source, waiting, cancelled }
}

interface Run { settled: string, seen: string[], cancelledWith: unknown }

async function abortMidUpload (t: Test, factory: Factory, options: { first: string | null, length?: string, hooks: boolean }): Promise<Run> {
  const app = factory()
  const seen: string[] = []
  if (options.hooks) {
    app.addHook('onRequest', async () => { seen.push('onRequest') })
    app.addHook('preParsing', async () => { seen.push('preParsing') })
    app.addHook('onRequestAbort', async () => { seen.push('onRequestAbort') })
  }
  app.post('/', async () => { seen.push('handler'); return 'read' })
  await app.ready()
  const upload = endlessUpload(options.first)
  const controller = new AbortController()
  const reason = new Error('the client went away')
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (options.length !== undefined) headers['content-length'] = options.length
  const request = new Request('http://localhost/', { method: 'POST', headers, body: upload.source, signal: controller.signal, duplex: 'half' } as RequestInit)
  const answer = app.fetch(request).then(
    (response: Response) => `resolved ${response.status}`,
    (error: unknown) => error === reason ? 'rejected with the signal\'s reason' : `rejected with ${String(error)}`
  )
  await upload.waiting
  controller.abort(reason)
  const settled = await answer
  const cancelledWith = await upload.cancelled
  // The hooks of a request that left run on the next turns.
  await new Promise<void>((resolve) => setImmediate(resolve))
  await app.close()
  // (The Request's own signal follows the one it was given; Enclave listens on the Request's.)
  t.same(getEventListeners(request.signal, 'abort'), [], 'nothing is left listening on the signal')
  return { settled, seen, cancelledWith: cancelledWith === reason ? 'the reason' : cancelledWith }
}

for (const [face, factory] of entries) {
  t.test(`${face}: a body that never ends, its signal aborted while it is read`, { timeout: 20000 }, async (t) => {
    for (const length of [undefined, '100']) {
      const label = length === undefined ? 'no Content-Length' : 'Content-Length 100'
      t.same(await abortMidUpload(t, factory, { first: '{"a":', length, hooks: true }), {
        settled: 'rejected with the signal\'s reason',
        seen: ['onRequest', 'preParsing', 'onRequestAbort'],
        cancelledWith: 'the reason'
      }, `${label}: ends as a client leaving mid-upload, the handler not run`)
      t.same(await abortMidUpload(t, factory, { first: '{"a":', length, hooks: false }), {
        settled: 'rejected with the signal\'s reason',
        seen: [],
        cancelledWith: 'the reason'
      }, `${label}: settles with nothing listening for the client`)
    }
  })

  t.test(`${face}: a body that has not sent a byte when its signal aborts`, { timeout: 20000 }, async (t) => {
    // Without a declared length the first bytes say whether there is a body at all: the request
    // has not reached the app yet, and is not run, as one whose signal had already aborted.
    t.same(await abortMidUpload(t, factory, { first: null, hooks: true }), {
      settled: 'rejected with the signal\'s reason',
      seen: [],
      cancelledWith: 'the reason'
    }, 'no Content-Length: not run')
    t.same(await abortMidUpload(t, factory, { first: null, length: '100', hooks: true }), {
      settled: 'rejected with the signal\'s reason',
      seen: ['onRequest', 'preParsing', 'onRequestAbort'],
      cancelledWith: 'the reason'
    }, 'Content-Length 100: ends as a client leaving mid-upload')
  })

  t.test(`${face}: a body read to its end stops following the signal`, async (t) => {
    const app = factory()
    t.teardown(() => app.close())
    const aborts: string[] = []
    app.addHook('onRequestAbort', async () => { aborts.push('onRequestAbort') })
    app.post('/', async (request: any) => request.body)
    // One signal for several requests, as a client's may be.
    const controller = new AbortController()
    for (const length of [undefined, '7']) {
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      if (length !== undefined) headers['content-length'] = length
      const source = new ReadableStream<Uint8Array>({
        start (stream) {
          stream.enqueue(new TextEncoder().encode('{"a":1}'))
          stream.close()
        }
      })
      const request = new Request('http://localhost/', { method: 'POST', headers, body: source, signal: controller.signal, duplex: 'half' } as RequestInit)
      const response = await app.fetch(request)
      t.same(await response.json(), { a: 1 }, `${length === undefined ? 'no Content-Length' : 'Content-Length 7'}: read and answered`)
      t.same(getEventListeners(request.signal, 'abort'), [], 'no listener left on the signal')
    }
    controller.abort()
    t.same(aborts, [], 'an abort after the answer is no client leaving')
  })
}

for (const [face, factory] of entries) {
  t.test(`${face}: a body that fails stops following the signal`, async (t) => {
    const app = factory()
    t.teardown(() => app.close())
    app.post('/', async (request: any) => request.body)
    for (const first of [false, true]) {
      for (const length of [undefined, '10']) {
        let pulls = 0
        const source = new ReadableStream<Uint8Array>({
          pull (controller) {
            if (first && pulls++ === 0) controller.enqueue(new TextEncoder().encode('{"a":'))
            else controller.error(new Error('the source failed'))
          }
        }, { highWaterMark: 0 })
        const headers: Record<string, string> = { 'content-type': 'application/json' }
        if (length !== undefined) headers['content-length'] = length
        const request = new Request('http://localhost/', { method: 'POST', headers, body: source, signal: new AbortController().signal, duplex: 'half' } as RequestInit)
        await t.rejects(app.fetch(request), { message: 'the source failed' }, `first bytes ${String(first)}, Content-Length ${String(length)}: as a client leaving`)
        t.same(getEventListeners(request.signal, 'abort'), [], 'no listener left on the signal')
      }
    }
  })
}
