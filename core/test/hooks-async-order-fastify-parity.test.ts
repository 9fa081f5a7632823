import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

// Promise-returning hooks and handlers, with a microtask counter running beside them: each step
// records how many microtask turns after the request's first hook it ran, so a step that resumes
// one turn earlier or later than in Fastify shows up, not only a different order of steps.

type Trace = string[]

/** Counts microtask turns into the trace, from the first hook on (bounded). */
function startTicker (trace: Trace): void {
  let turn = 0
  const step = (): void => {
    turn++
    trace.push(`turn ${turn}`)
    if (turn < 14) void Promise.resolve().then(step)
  }
  void Promise.resolve().then(step)
}

interface Case {
  build: (app: any, trace: Trace) => void
  request: { method?: string, url: string, payload?: unknown }
}

const cases: Record<string, Case> = {
  'async onRequest, preValidation, preHandler and handler': {
    build (app, trace) {
      app.addHook('onRequest', async () => { startTicker(trace); trace.push('onRequest') })
      app.addHook('preValidation', async () => { trace.push('preValidation') })
      app.addHook('preHandler', async () => { trace.push('preHandler') })
      app.addHook('onSend', async (_request: any, _reply: any, payload: unknown) => { trace.push('onSend'); return payload })
      app.get('/', async () => { trace.push('handler'); return { ok: true } })
    },
    request: { url: '/' }
  },
  'two async hooks in one phase, and hooks that return a promise without being async': {
    build (app, trace) {
      app.addHook('onRequest', async () => { startTicker(trace); trace.push('onRequest 1') })
      app.addHook('onRequest', () => { trace.push('onRequest 2'); return Promise.resolve() })
      app.addHook('preHandler', async () => { await null; trace.push('preHandler 1 after an await') })
      app.addHook('preHandler', async () => { trace.push('preHandler 2') })
      app.get('/', () => { trace.push('handler'); return Promise.resolve('text') })
    },
    request: { url: '/' }
  },
  'async and callback-style hooks mixed, done called now and later': {
    build (app, trace) {
      app.addHook('onRequest', async () => { startTicker(trace); trace.push('onRequest async') })
      app.addHook('onRequest', (_request: any, _reply: any, done: () => void) => { trace.push('onRequest done now'); done() })
      app.addHook('preHandler', (_request: any, _reply: any, done: () => void) => { trace.push('preHandler done later'); void Promise.resolve().then(() => { done() }) })
      app.addHook('preHandler', async () => { trace.push('preHandler async') })
      app.get('/', async () => { trace.push('handler'); return 'done' })
    },
    request: { url: '/' }
  },
  'a body read between async onRequest and async preValidation': {
    build (app, trace) {
      app.addHook('onRequest', async () => { trace.push('onRequest') })
      app.addHook('preParsing', async (_request: any, _reply: any, payload: unknown) => { trace.push('preParsing'); return payload })
      app.addHook('preValidation', async (request: any) => { startTicker(trace); trace.push(`preValidation ${JSON.stringify(request.body)}`) })
      app.addHook('preHandler', async () => { trace.push('preHandler') })
      app.post('/', async (request: any) => { trace.push('handler'); return request.body })
    },
    request: { method: 'POST', url: '/', payload: { a: 1 } }
  },
  'an async hook rejects: the error handler answers, nothing after it runs': {
    build (app, trace) {
      app.addHook('onRequest', async () => { startTicker(trace); trace.push('onRequest') })
      app.addHook('preHandler', async () => { trace.push('preHandler'); throw Object.assign(new Error('no'), { statusCode: 403 }) })
      app.addHook('onError', async () => { trace.push('onError') })
      app.get('/', async () => { trace.push('handler'); return 'never' })
    },
    request: { url: '/' }
  },
  'an async hook rejects with undefined': {
    build (app, trace) {
      app.addHook('onRequest', async () => { startTicker(trace); trace.push('onRequest') })
      // eslint-disable-next-line prefer-promise-reject-errors
      app.addHook('preValidation', () => { trace.push('preValidation'); return Promise.reject(undefined) })
      app.get('/', async () => { trace.push('handler'); return 'never' })
    },
    request: { url: '/' }
  },
  'an async hook answers and resolves: the chain stops there': {
    build (app, trace) {
      app.addHook('onRequest', async () => { startTicker(trace); trace.push('onRequest') })
      app.addHook('preHandler', async (_request: any, reply: any) => { trace.push('preHandler answers'); reply.code(202).send('early') })
      app.addHook('preHandler', async () => { trace.push('second preHandler') })
      app.get('/', async () => { trace.push('handler'); return 'never' })
    },
    request: { url: '/' }
  },
  'an async handler rejects after the answer was sent': {
    build (app, trace) {
      app.addHook('onRequest', async () => { startTicker(trace); trace.push('onRequest') })
      app.get('/', async (_request: any, reply: any) => {
        trace.push('handler sends')
        reply.send('sent')
        await null
        throw new Error('after the answer')
      })
    },
    request: { url: '/' }
  },
  'reply.callNotFound() from an async preHandler reaches the not-found route\'s async hooks': {
    build (app, trace) {
      app.addHook('onRequest', async () => { startTicker(trace); trace.push('onRequest') })
      app.addHook('preHandler', async (request: any, reply: any) => {
        trace.push(`preHandler ${String(request.is404)}`)
        if (request.is404 !== true) reply.callNotFound()
      })
      app.setNotFoundHandler(async () => { trace.push('not found handler'); return { missing: true } })
      app.get('/', async () => { trace.push('handler'); return 'never' })
    },
    request: { url: '/' }
  }
}

async function run (factory: Factory, scenario: Case): Promise<Trace> {
  const trace: Trace = []
  const app = factory()
  scenario.build(app, trace)
  app.addHook('onResponse', async (_request: any, reply: any) => { trace.push(`onResponse ${String(reply.statusCode)}`) })
  try {
    const response = await app.inject(scenario.request)
    trace.push(`answer ${response.statusCode} ${response.body}`)
  } finally {
    await app.close()
  }
  return trace
}

for (const [name, scenario] of Object.entries(cases)) {
  t.test(`promise-returning hooks and handler, step by step and turn by turn as Fastify: ${name}`, async (t) => {
    for (const group of [faces, fastify5Faces]) {
      const [[referenceName, reference], ...entries] = group
      const expected = await run(reference!, scenario)
      for (const [entry, factory] of entries) {
        t.same(await run(factory, scenario), expected, `${entry} as ${referenceName!}`)
      }
    }
  })
}
