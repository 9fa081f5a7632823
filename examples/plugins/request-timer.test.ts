import t from 'tap'
import enclave, { type EnclaveInstance, type EnclaveRequest } from '@enclave/core'
import requestTimer, { type RequestTimerOptions } from './request-timer.js'

t.test('every response carries its duration in x-response-time', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(requestTimer)
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 30))
    return { ok: true }
  })
  const response = await app.inject('/slow')
  t.equal(response.statusCode, 200)
  const header = response.headers['x-response-time'] as string
  t.match(header, /^\d+\.\d{2}$/)
  t.ok(Number(header) >= 25, `${header} ms covers the handler's 30 ms wait`)
  t.match((await app.inject('/missing')).headers['x-response-time'], /^\d+\.\d{2}$/, 'also on a 404')
})

t.test('header and digits options', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(requestTimer, { header: 'server-timing-ms', digits: 0 })
  app.get('/', () => 'ok')
  const response = await app.inject('/')
  t.match(response.headers['server-timing-ms'], /^\d+$/)
  t.notOk('x-response-time' in response.headers)
})

t.test('onTiming receives the duration and the request after the response', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const timings: Array<{ ms: number, url: string }> = []
  await app.register(requestTimer, { header: false, onTiming: (ms: number, request: EnclaveRequest) => { timings.push({ ms, url: request.url }) } })
  app.get('/a', () => 'a')
  const response = await app.inject('/a')
  t.notOk('x-response-time' in response.headers)
  t.equal(timings.length, 1)
  t.equal(timings[0]!.url, '/a')
  t.ok(timings[0]!.ms >= 0)
})

t.test('registered in a child: only that child is timed (the plugin is wrapped into the caller)', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/root', () => 'root')
  app.register(async function timed (child: EnclaveInstance) {
    await child.register(requestTimer)
    child.get('/timed', (request) => ({ started: typeof request.timerStart }))
  })
  t.notOk('x-response-time' in (await app.inject('/root')).headers)
  const timed = await app.inject('/timed')
  t.ok('x-response-time' in timed.headers)
  t.same(timed.json(), { started: 'bigint' })
})

t.test('wrong options fail registration with a coded error', async (t) => {
  for (const options of [{ header: 'bad header' }, { digits: 9 }, { onTiming: 'log' }]) {
    const app = enclave()
    await t.rejects(app.register(requestTimer, options as RequestTimerOptions).ready(), { code: 'REQUEST_TIMER_INVALID_OPTION' }, JSON.stringify(options))
    await app.close().catch(() => {})
  }
})
