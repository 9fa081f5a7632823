import { test } from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/**
 * With logging off: a handler sending the request itself (the Plugins guide's `reply.send(request)`)
 * and what the instance's and the request's logger show of themselves.
 */
async function disabledLogger (factory: Factory): Promise<unknown> {
  const app = factory()
  app.get('/', (request: any, reply: any) => {
    request.timestamp = 1
    reply.send(request)
  })
  app.get('/log', (request: any) => ({
    level: String(request.log.level),
    own: Object.keys(request.log),
    child: Object.keys(request.log.child({})),
    shared: request.log === app.log,
    methods: ['fatal', 'error', 'warn', 'info', 'debug', 'trace'].map((name) => typeof request.log[name])
  }))
  const sent = await app.inject('/')
  const log = await app.inject('/log')
  await app.close()
  return { status: sent.statusCode, log: sent.json().log, timestamp: sent.json().timestamp, appLog: JSON.stringify(app.log), logger: log.json() }
}

const expected = {
  status: 200,
  log: {},
  timestamp: 1,
  appLog: '{}',
  logger: { level: 'undefined', own: ['child'], child: ['child'], shared: true, methods: Array(6).fill('function') }
}

for (const [name, factory] of [...faces, ...fastify5Faces]) {
  test(`${name}: with logging off, request.log serializes as {} and has no level`, async (t) => {
    t.same(await disabledLogger(factory), expected)
  })
}
