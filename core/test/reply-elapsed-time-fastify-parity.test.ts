// reply.elapsedTime as Fastify 4.29 and 5.12 give it: a response is timed only when it is watched
// (a logger is set, the route has onResponse hooks, or a handlerTimeout); otherwise it reads 0.
// Once the response has finished, the time stops.
import t from 'tap'
import http from 'node:http'
import type { Test } from 'tap'
import { faces, fastify5Faces } from './fixtures/faces.js'

/** Lets the clock move on without waiting on a timer. */
function spin (ms: number): void {
  const until = performance.now() + ms
  while (performance.now() < until) { /* busy */ }
}

function timedApp (build: (options?: any) => any, options: object, t: Test): { app: any, seen: () => { inHandler: number, reply: any } } {
  const app = build(options)
  t.teardown(() => app.close())
  let inHandler = -1
  let saved: any = null
  app.get('/', (_request: any, reply: any) => {
    saved = reply
    spin(3)
    inHandler = reply.elapsedTime
    reply.send('ok')
  })
  return { app, seen: () => ({ inHandler, reply: saved }) }
}

/** The handler saw the clock run; once the response has ended, the time no longer moves. */
async function assertTimedThenFrozen (app: any, seen: () => { inHandler: number, reply: any }, t: Test): Promise<void> {
  t.equal((await app.inject('/')).statusCode, 200)
  const { inHandler, reply } = seen()
  t.ok(inHandler >= 3, `in the handler: ${String(inHandler)}`)
  const atEnd = reply.elapsedTime
  spin(3)
  t.equal(reply.elapsedTime, atEnd)
}

for (const [name, build] of [...faces, ...fastify5Faces]) {
  t.test(name, async (t) => {
    t.test('without a logger or onResponse hooks, elapsedTime is 0', async (t) => {
      const { app, seen } = timedApp(build, {}, t)
      t.equal((await app.inject('/')).statusCode, 200)
      const { inHandler, reply } = seen()
      t.equal(inHandler, 0)
      t.equal(reply.elapsedTime, 0)
    })

    t.test('with a logger and request logging off, the time runs and stops at the end', async (t) => {
      const { app, seen } = timedApp(build, { logger: { level: 'error' }, disableRequestLogging: true }, t)
      await assertTimedThenFrozen(app, seen, t)
    })

    t.test('an onResponse hook times the response without a logger', async (t) => {
      const { app, seen } = timedApp(build, {}, t)
      app.addHook('onResponse', async () => {})
      await assertTimedThenFrozen(app, seen, t)
    })
  })
}

for (const [name, build] of fastify5Faces) {
  t.test(`${name}: a handlerTimeout times the response without a logger`, async (t) => {
    const { app, seen } = timedApp(build, { handlerTimeout: 60_000 }, t)
    t.equal((await app.inject('/')).statusCode, 200)
    t.ok(seen().inHandler >= 3)
  })
}

/**
 * Over a socket, the listeners of the response's 'finish' run as on Fastify: Node's own first (the
 * socket is detached when the next one runs), then the framework's (onResponse hooks, the time
 * stopped), then those the app added during the request; one the app prepends runs before Node's.
 */
async function finishOrder (build: (options?: any) => any, options: object, withHook: boolean, t: Test): Promise<string[]> {
  const app = build(options)
  t.teardown(() => app.close())
  const seen: string[] = []
  let saved: any = null
  if (withHook) app.addHook('onResponse', async (_request: any, reply: any) => { seen.push(`onResponse socket=${String(reply.raw.socket !== null)}`) })
  app.get('/', (_request: any, reply: any) => {
    saved = reply
    reply.raw.prependListener('finish', () => { seen.push(`prepended socket=${String(reply.raw.socket !== null)}`) })
    reply.raw.on('finish', () => {
      const stopped = reply.elapsedTime
      spin(2)
      seen.push(`app socket=${String(reply.raw.socket !== null)} stopped=${String(stopped > 0 && reply.elapsedTime === stopped)}`)
    })
    reply.send('ok')
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address()
  const status = await new Promise<number>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => { res.resume(); res.on('end', () => { resolve(res.statusCode!) }) }).on('error', reject)
  })
  t.equal(status, 200)
  t.ok(saved !== null)
  return seen
}

t.test('over a socket, the framework\'s \'finish\' listener runs right after Node\'s and before the app\'s', async (t) => {
  // Options made for each app: Fastify writes into the object it is given.
  const settings: Array<[string, () => object, boolean]> = [
    ['a logger at warn', () => ({ logger: { level: 'warn' } }), false],
    ['an onResponse hook', () => ({}), true]
  ]
  for (const [setting, options, withHook] of settings) {
    const expected = withHook
      ? ['prepended socket=true', 'onResponse socket=false', 'app socket=false stopped=true']
      : ['prepended socket=true', 'app socket=false stopped=true']
    for (const [name, build] of [...faces, ...fastify5Faces]) {
      t.same(await finishOrder(build, options(), withHook, t), expected, `${setting}: ${name}`)
    }
  }
})
