// A child context's content-type parsers are its parent's as they were when the child loaded, plus
// its own: a parser the parent adds or removes afterwards (a wrapped plugin registered after the
// child adds its parser to the parent, as @fastify/multipart does) does not change the child's.
import { test } from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

function wrapped (fn: (instance: any) => Promise<void>): any {
  return Object.assign(fn, { [Symbol.for('skip-override')]: true })
}

async function answers (factory: Factory): Promise<unknown> {
  const app = factory()
  const parse = (_request: any, body: string, done: (error: null, body: string) => void): void => { done(null, 'parsed:' + body) }
  const seen: Record<string, unknown> = {}
  app.register(async (parent: any) => {
    parent.register(async (child: any) => {
      child.post('/child', async (request: any) => ({ body: request.body }))
      // Loaded before the wrapped plugin below runs, after the parser added right after register().
      child.after(() => { seen.childSeesEarly = child.hasContentTypeParser('text/early'); seen.childSeesLate = child.hasContentTypeParser('text/late') })
    }, { prefix: '/child' })
    parent.addContentTypeParser('text/early', { parseAs: 'string' }, parse)
    parent.register(wrapped(async (same: any) => {
      same.addContentTypeParser('text/late', { parseAs: 'string' }, parse)
      same.removeContentTypeParser('text/plain')
    }))
    parent.post('/own', async (request: any) => ({ body: request.body }))
  }, { prefix: '/parent' })
  await app.ready()
  const result: unknown[] = [seen]
  for (const url of ['/parent/child/child', '/parent/own']) {
    for (const type of ['text/early', 'text/late', 'text/plain']) {
      const response = await app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload: 'x' })
      result.push([url, type, response.statusCode, response.statusCode === 200 ? response.json() : response.json().code])
    }
  }
  await app.close()
  return result
}

const expected = [
  { childSeesEarly: true, childSeesLate: false },
  ['/parent/child/child', 'text/early', 200, { body: 'parsed:x' }],
  ['/parent/child/child', 'text/late', 415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE'],
  ['/parent/child/child', 'text/plain', 200, { body: 'x' }],
  ['/parent/own', 'text/early', 200, { body: 'parsed:x' }],
  ['/parent/own', 'text/late', 200, { body: 'parsed:x' }],
  ['/parent/own', 'text/plain', 415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE']
]

for (const [name, factory] of [...faces, ...fastify5Faces]) {
  test(`${name}: a child keeps the parsers its parent had when it loaded`, async (t) => {
    t.same(await answers(factory), expected)
  })
}
