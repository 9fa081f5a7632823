import { test } from 'tap'
import { Writable } from 'node:stream'
import { enclaveFaces, fastify5Faces, type Factory } from './fixtures/faces.js'

/** A HEAD request to a GET route returning a web stream whose cancel() fails: answer, cancel reasons, error log lines. */
async function headOfWebStream (factory: Factory, cancels: boolean): Promise<unknown> {
  const lines: Array<{ msg: string, err?: { type: string, message: string } }> = []
  const stream = new Writable({ write (chunk, _encoding, done) { lines.push(JSON.parse(String(chunk))); done() } })
  const app = factory({ logger: { level: 'error', stream } })
  const reasons: unknown[] = []
  let cancelled!: () => void
  const cancelCalled = new Promise<void>((resolve) => { cancelled = resolve })
  app.get('/web-stream', async () => new ReadableStream({
    start (controller) { controller.enqueue('Hello from web stream!') },
    cancel (reason) { reasons.push(reason); cancelled(); throw new Error('Cancel error!') }
  }))
  const res = await app.inject({ method: 'HEAD', url: '/web-stream' })
  if (cancels) await cancelCalled
  // The failed cancel is logged once its promise settles.
  await new Promise((resolve) => setImmediate(resolve))
  await app.close()
  return {
    status: res.statusCode,
    contentType: res.headers['content-type'],
    body: res.body,
    reasons,
    logged: lines.map((line) => [line.msg, line.err?.type, line.err?.message])
  }
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: the HEAD twin cancels a web stream (reason 'Stream cancelled by HEAD route') and logs a failing cancel`, async (t) => {
    t.same(await headOfWebStream(factory, true), {
      status: 200,
      contentType: undefined,
      body: '',
      reasons: ['Stream cancelled by HEAD route'],
      logged: [['Error on Stream found for HEAD route', 'Error', 'Cancel error!']]
    })
  })
}

// Fastify 4.29 cannot send a web stream; the Enclave entries read it to its end, as a Node stream.
for (const [name, factory] of enclaveFaces) {
  test(`${name}: the HEAD twin reads a web stream to its end without cancelling it`, async (t) => {
    t.same(await headOfWebStream(factory, false), { status: 200, contentType: undefined, body: '', reasons: [], logged: [] })
  })
}
