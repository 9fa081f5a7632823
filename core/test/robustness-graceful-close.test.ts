// close() under load: every request a handler started is answered, later ones get a 503 or a
// closed connection, and onClose runs once.
import t from 'tap'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import enclave from '@enclave/core'

interface Outcome { status?: number, error?: string }

function request (agent: http.Agent, port: number, path: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
      let body = ''
      response.on('data', (chunk) => { body += chunk })
      response.on('end', () => resolve({ status: response.statusCode! }))
      response.on('error', (error: any) => resolve({ error: error.code ?? 'response error' }))
      void body
    })
    req.on('error', (error: any) => resolve({ error: error.code ?? error.message }))
  })
}

function delay (ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

async function startApp (t: any, handlerMs: number) {
  const counters = { started: 0, finished: 0, onClose: 0 }
  const app = enclave()
  app.addHook('onClose', async () => { counters.onClose++ })
  // once the preClose hooks run, the server is closing: what arrives from then on is late
  const whenClosing = new Promise<void>((resolve) => {
    app.addHook('preClose', (done: () => void) => { resolve(); done() })
  })
  app.get('/work', async () => {
    counters.started++
    await delay(handlerMs)
    counters.finished++
    return { ok: true }
  })
  t.teardown(() => app.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, counters, whenClosing, port: (app.server.address() as AddressInfo).port }
}

t.test('100 concurrent keep-alive requests in flight all complete when close() is called', async (t) => {
  const { app, counters, whenClosing, port } = await startApp(t, 300)
  const agent = new http.Agent({ keepAlive: true, maxSockets: 100 })
  t.teardown(() => agent.destroy())
  const inFlight = Array.from({ length: 100 }, () => request(agent, port, '/work'))
  while (counters.started < 100) await delay(5)
  const closing = app.close()
  await whenClosing
  // Arrivals after close() began: refused with a 503 or by a closed connection, never a hang.
  const late = await Promise.all(Array.from({ length: 20 }, () => request(agent, port, '/work')))
  const outcomes = await Promise.all(inFlight)
  await closing
  t.equal(outcomes.filter((outcome) => outcome.status === 200).length, 100, 'every started request got its 200')
  t.equal(counters.finished, 100)
  t.equal(counters.started, 100, 'no late request reached the handler')
  for (const outcome of late) {
    t.ok(outcome.status === 503 || outcome.error !== undefined, `late request: ${outcome.status ?? outcome.error}`)
  }
  t.equal(counters.onClose, 1, 'onClose ran once')
  await app.close()
  t.equal(counters.onClose, 1, 'a second close() does not run onClose again')
})

t.test('close() during continuous load from 100 connections loses no started request', async (t) => {
  const { app, counters, port } = await startApp(t, 20)
  const agent = new http.Agent({ keepAlive: true, maxSockets: 100 })
  t.teardown(() => agent.destroy())
  const outcomes: Outcome[] = []
  let closed = false
  async function worker (): Promise<void> {
    // Each connection keeps sending until close() has finished.
    // eslint-disable-next-line no-unmodified-loop-condition -- set once close() resolves
    while (!closed) {
      const outcome = await request(agent, port, '/work')
      outcomes.push(outcome)
      if (outcome.error !== undefined) await delay(5)
    }
  }
  const workers = Array.from({ length: 100 }, worker)
  // close() comes mid-load, once more than 100 requests were served (however long a loaded machine takes)
  while (counters.finished <= 100) await delay(5)
  await app.close()
  closed = true
  await Promise.all(workers)
  const ok = outcomes.filter((outcome) => outcome.status === 200).length
  const other = outcomes.filter((outcome) => outcome.status !== undefined && outcome.status !== 200 && outcome.status !== 503)
  t.ok(ok > 100, `${ok} requests served before the close, ${outcomes.length - ok} refused`)
  t.equal(ok, counters.started, 'every request a handler started was answered with its 200')
  t.equal(counters.finished, counters.started)
  t.same(other, [], 'no status other than 200 and 503')
  t.equal(counters.onClose, 1)
})
