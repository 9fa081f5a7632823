// An onSend hook that throws on every payload, on a reply whose error handler answers again: how
// many times the hooks run (the 204, the error handler's 422, the default handler's last answer),
// what is sent, and the order of the header fields. Each face as its Fastify.
import t, { type Test } from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

interface Plan {
  name: string
  hookStyle: 'async' | 'callback'
  /** Where the error handler that answers 422 is set: beside the route, or at the root with a 204-answering one beside the route. */
  handlers: 'route' | 'chain'
  handlerHeader: boolean
  payload: unknown
}

const plans: Plan[] = [
  { name: '204 without a payload, error handler 422', hookStyle: 'async', handlers: 'route', handlerHeader: false, payload: undefined },
  { name: 'the same, a callback hook', hookStyle: 'callback', handlers: 'route', handlerHeader: false, payload: undefined },
  { name: '204 with a payload and fields set on both sides', hookStyle: 'async', handlers: 'route', handlerHeader: true, payload: 'hi' },
  { name: 'a 204 error handler, then the root one answering 422', hookStyle: 'callback', handlers: 'chain', handlerHeader: true, payload: { o: 1 } }
]

interface Seen { status: number, payload: string, fields: string[], calls: string[] }

async function observe (factory: Factory, plan: Plan): Promise<Seen> {
  const app = factory()
  const calls: string[] = []
  const fail = (statusCode: number): Error => {
    calls.push(`onSend ${statusCode}`)
    return new Error('refused')
  }
  if (plan.hookStyle === 'async') {
    app.addHook('onSend', async (_request: unknown, reply: any) => { throw fail(reply.statusCode) })
  } else {
    app.addHook('onSend', (_request: unknown, reply: any, _payload: unknown, done: (error: Error) => void) => { done(fail(reply.statusCode)) })
  }
  const answer422 = (error: Error, _request: unknown, reply: any): void => {
    calls.push(`error handler 422: ${error.message}`)
    if (plan.handlerHeader) reply.header('x-from-error-handler', '1')
    reply.code(422).send({ refused: true })
  }
  if (plan.handlers === 'chain') app.setErrorHandler(answer422)
  app.register(async (scope: any) => {
    if (plan.handlers === 'route') {
      scope.setErrorHandler(answer422)
    } else {
      scope.setErrorHandler((error: Error, _request: unknown, reply: any) => {
        calls.push(`error handler 204: ${error.message}`)
        reply.code(204).send()
      })
    }
    scope.get('/', (_request: unknown, reply: any) => {
      if (plan.handlerHeader) reply.header('x-from-handler', '1')
      reply.code(204).send(plan.payload)
    })
  })
  try {
    const res = await app.inject('/')
    const fields = (res.raw.res.getHeaderNames() as string[]).filter((name) => name !== 'date')
    return { status: res.statusCode, payload: res.rawPayload.toString(), fields, calls }
  } finally {
    await app.close()
  }
}

async function compare (t: Test, fastify: Factory, face: string, factory: Factory): Promise<void> {
  for (const plan of plans) {
    const expected = await observe(fastify, plan)
    t.same(await observe(factory, plan), expected, `${face}: ${plan.name}`)
  }
}

t.test('Fastify v4 face as fastify@4.29.1', async (t) => {
  const [[, fastify4], , v4Face] = faces
  await compare(t, fastify4, v4Face[0], v4Face[1])
  // The case named: the hooks run on the 204, on the 422, and on the default handler's answer.
  const seen = await observe(v4Face[1], plans[0]!)
  t.same(seen.calls, ['onSend 204', 'error handler 422: refused', 'onSend 422', 'onSend 422'])
  t.equal(seen.status, 422)
})

t.test('Fastify v5 face as fastify@5.12.8', async (t) => {
  const [[, fastify5], [face, v5Face]] = fastify5Faces
  await compare(t, fastify5, face, v5Face)
})
