// reply.elapsedTime as Fastify 4.29 and 5.12 give it: a response is timed only when it is watched
// (a logger is set, the route has onResponse hooks, or a handlerTimeout); otherwise it reads 0.
// Once the response has finished, the time stops.
import t from 'tap'
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
