// reply.send() from the reply's own preSerialization or onSend hook starts the send over with the
// new payload, as in Fastify 4.29 and 5.12 (whose send() only refuses once the response ended):
// the payload goes through the hooks again and out. Such a send was refused as "already sent" and
// the request never answered. A hook that sends every time it runs is stopped with a 500 where
// Fastify overflows the stack.
import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const everyEntry: Array<[string, Factory]> = [...faces, ...fastify5Faces]
const enclaveEntries = everyEntry.filter(([name]) => !name.startsWith('fastify@'))

interface Outcome { status: number, type: unknown, body: string, hookRuns: number }

type Arrange = (app: any, counter: { runs: number }) => void

async function outcomeOf (factory: Factory, arrange: Arrange, method = 'GET'): Promise<Outcome> {
  const app = factory({ logger: false })
  const counter = { runs: 0 }
  arrange(app, counter)
  const response = await app.inject({ method, url: '/x' })
  await app.close()
  return { status: response.statusCode, type: response.headers['content-type'], body: response.body, hookRuns: counter.runs }
}

// Fastify 4.29 writes the abandoned chain's payload too when the hook that sent is async: an
// unhandled ERR_HTTP_HEADERS_SENT rejection (the process crashes); 5.12 logs it.
const withoutFastify4: Array<[string, Factory]> = everyEntry.filter(([name]) => name !== 'fastify@4.29.1')

const cases: Array<[string, Arrange, Outcome, string?, Array<[string, Factory]>?]> = [
  ['a callback onSend hook sends without calling done', (app, counter) => {
    app.addHook('onSend', (_request: unknown, reply: any, payload: string, done: (e: null, p: string) => void) => {
      counter.runs++
      if (counter.runs === 1) {
        reply.code(201).send('again')
        return
      }
      done(null, `${payload}|${counter.runs}`)
    })
    app.get('/x', (_request: unknown, reply: any) => { reply.send('first') })
  }, { status: 201, type: 'text/plain; charset=utf-8', body: 'again|2', hookRuns: 2 }],
  ['an async onSend hook returns reply.send()', (app, counter) => {
    app.addHook('onSend', async (_request: unknown, reply: any, payload: string) => {
      counter.runs++
      if (counter.runs === 1) return reply.code(201).send('again')
      return `${payload}|${counter.runs}`
    })
    app.get('/x', (_request: unknown, reply: any) => { reply.send('first') })
  }, { status: 201, type: 'text/plain; charset=utf-8', body: 'again|2', hookRuns: 2 }, 'GET', withoutFastify4],
  ['a preSerialization hook sends another object', (app, counter) => {
    app.addHook('preSerialization', (_request: unknown, reply: any, payload: unknown, done: (e: null, p: unknown) => void) => {
      counter.runs++
      if (counter.runs === 1) {
        reply.code(201).send({ replaced: true })
        return
      }
      done(null, payload)
    })
    app.get('/x', (_request: unknown, reply: any) => { reply.send({ first: true }) })
  }, { status: 201, type: 'application/json; charset=utf-8', body: '{"replaced":true}', hookRuns: 2 }],
  ['an onSend hook answers a preflight after its OPTIONS route called callNotFound() (@fastify/cors 9 with hook: onSend, once)', (app, counter) => {
    app.addHook('onSend', (request: any, reply: any, payload: unknown, done: (e?: null, p?: unknown) => void) => {
      counter.runs++
      if (request.method === 'OPTIONS' && counter.runs === 1) {
        reply.code(204).header('Content-Length', '0').send()
        return
      }
      done(null, payload)
    })
    app.options('*', (_request: unknown, reply: any) => { reply.callNotFound() })
  }, { status: 204, type: 'application/json; charset=utf-8', body: '', hookRuns: 2 }, 'OPTIONS'],
  ['an onSend hook sends an error', (app, counter) => {
    app.addHook('onSend', (_request: unknown, reply: any, payload: unknown, done: (e: null, p: unknown) => void) => {
      counter.runs++
      if (counter.runs === 1) {
        reply.send(Object.assign(new Error('refused late'), { statusCode: 409 }))
        return
      }
      done(null, payload)
    })
    app.get('/x', (_request: unknown, reply: any) => { reply.send('first') })
  }, { status: 409, type: 'application/json; charset=utf-8', body: '{"statusCode":409,"error":"Conflict","message":"refused late"}', hookRuns: 2 }],
  ['an async preSerialization hook sends an object with a type that is not JSON: send() refuses it, and the hook\'s failure answers', (app) => {
    app.addHook('preSerialization', async (_request: unknown, reply: any, payload: unknown) => {
      if ((payload as { first?: boolean }).first === true) reply.type('text/plain').send({ second: true })
      return payload
    })
    app.get('/x', (_request: unknown, reply: any) => { reply.send({ first: true }) })
    // fastify@4.29.1 answers the same, then rejects unhandled (ERR_HTTP_HEADERS_SENT).
  }, { status: 500, type: 'application/json; charset=utf-8', body: '{"statusCode":500,"code":"FST_ERR_REP_INVALID_PAYLOAD_TYPE","error":"Internal Server Error","message":"Attempted to send payload of invalid type \'object\'. Expected a string or Buffer."}', hookRuns: 0 }, 'GET', withoutFastify4],
  ['an async onSend hook sends twice: the first new payload goes out', (app, counter) => {
    app.addHook('onSend', async (_request: unknown, reply: any, payload: string) => {
      counter.runs++
      if (counter.runs === 1) {
        reply.code(201).send('again')
        reply.send('and again')
        return reply
      }
      return payload
    })
    app.get('/x', (_request: unknown, reply: any) => { reply.send('first') })
    // fastify@5.12.8 answers the same, then rejects unhandled (`cb is not a function`); 4.29 crashes.
  }, { status: 201, type: 'text/plain; charset=utf-8', body: 'again', hookRuns: 2 }, 'GET', enclaveEntries],
  ['an onError hook calls reply.callNotFound(): the not-found handler\'s status stands, the error goes on to the error handler', (app, counter) => {
    app.addHook('onError', (_request: unknown, reply: any, _error: unknown, done: (error?: unknown) => void) => {
      counter.runs++
      try {
        reply.callNotFound()
      } catch (error) {
        done(error)
        return
      }
      done()
    })
    app.setNotFoundHandler((_request: unknown, reply: any) => { reply.code(404).send('not here') })
    app.get('/x', () => { throw new Error('boom') })
  }, { status: 404, type: 'application/json; charset=utf-8', body: '{"statusCode":404,"error":"Not Found","message":"boom"}', hookRuns: 1 }],
  ['an async onError hook calls reply.callNotFound() after a tick', (app, counter) => {
    app.addHook('onError', async (_request: unknown, reply: any) => {
      counter.runs++
      await new Promise((resolve) => setImmediate(resolve))
      reply.callNotFound()
    })
    app.setNotFoundHandler((_request: unknown, reply: any) => { reply.code(404).send('not here') })
    app.get('/x', () => { throw new Error('boom') })
  }, { status: 404, type: 'application/json; charset=utf-8', body: '{"statusCode":404,"error":"Not Found","message":"boom"}', hookRuns: 1 }]
]

for (const [title, arrange, expected, method, entries] of cases) {
  t.test(`${title}: the new payload goes through the hooks and out, as in Fastify`, async (t) => {
    for (const [name, factory] of entries ?? everyEntry) t.same(await outcomeOf(factory, arrange, method), expected, name)
  })
}

t.test('a send from the handler while an async onSend hook runs is still refused: the first payload goes out', async (t) => {
  for (const [name, factory] of enclaveEntries) {
    const warnings: string[] = []
    const app = factory({ logger: { level: 'warn', stream: { write: (line: string) => { warnings.push(JSON.parse(line).msg) } } } })
    let runs = 0
    app.addHook('onSend', async (_request: unknown, _reply: unknown, payload: string) => {
      runs++
      await new Promise((resolve) => setImmediate(resolve))
      return `${payload}|${runs}`
    })
    app.get('/x', (_request: unknown, reply: any) => {
      reply.send('first')
      reply.send('second')
    })
    const response = await app.inject('/x')
    await app.close()
    t.same({ status: response.statusCode, body: response.body, runs, warnings },
      { status: 200, body: 'first|1', runs: 1, warnings: ['Reply was already sent, did you forget to "return reply" in "/x" (GET)?'] }, name)
  }
})

t.test('what an abandoned hook does later is ignored: its done, its resolved value, its rejection (logged)', async (t) => {
  for (const [name, factory] of enclaveEntries) {
    const errors: string[] = []
    const app = factory({ logger: { level: 'error', stream: { write: (line: string) => { const entry = JSON.parse(line); errors.push(`${String(entry.msg)}: ${String(entry.err?.message)}`) } } } })
    app.register(async (child: any) => {
      let runs = 0
      child.addHook('onSend', (_request: unknown, reply: any, payload: string, done: (e: null, p: string) => void) => {
        runs++
        if (runs === 1) {
          reply.send('again')
          // The chain this call belonged to is gone: its done must not write 'late'.
          done(null, 'late')
          return
        }
        done(null, `${payload}|${runs}`)
      })
      child.get('/x', (_request: unknown, reply: any) => { reply.send('first') })
    })
    app.register(async (child: any) => {
      let childRuns = 0
      child.addHook('onSend', async (_request: unknown, reply: any, payload: string) => {
        childRuns++
        if (childRuns === 1) {
          reply.send('again')
          await new Promise((resolve) => setImmediate(resolve))
          throw new Error('failed after sending again')
        }
        return payload
      })
      child.get('/child', (_request: unknown, reply: any) => { reply.send('first') })
    })
    const first = await app.inject('/x')
    const second = await app.inject('/child')
    await new Promise((resolve) => setImmediate(resolve))
    await app.close()
    t.same([first.statusCode, first.body, second.statusCode, second.body, errors],
      [200, 'again|2', 200, 'again', ['A hook failed after its reply.send() started the reply over: failed after sending again']], name)
  }
})

t.test('a hook that sends every time it runs ends in a 500 (ENC_ERR_REP_SEND_LOOP), where Fastify overflows the stack', async (t) => {
  for (const [name, factory] of enclaveEntries) {
    const outcome = await outcomeOf(factory, (app, counter) => {
      app.addHook('onSend', (_request: unknown, reply: any) => {
        counter.runs++
        reply.code(204).send()
      })
      app.get('/x', (_request: unknown, reply: any) => { reply.send('first') })
    })
    t.equal(outcome.status, 500, name)
    t.match(JSON.parse(outcome.body), { statusCode: 500, code: 'ENC_ERR_REP_SEND_LOOP', message: /16 times/ }, name)
    t.ok(outcome.hookRuns < 40, `${name}: the hook ran ${outcome.hookRuns} times`)
  }
})
