import { test } from 'tap'
import Fastify4 from 'fastify4'
import { enclaveFaces, fastify5Faces, type Factory } from './fixtures/faces.js'

const v4Entries: Array<[string, Factory]> = [['fastify@4.29.1', Fastify4 as unknown as Factory], ...enclaveFaces]

function codeOf (fn: () => unknown): unknown {
  try {
    return fn()
  } catch (error) {
    return (error as { code?: string }).code
  }
}

/** hasContentTypeParser on the built-ins, a key added in another case, and input that is not a type. */
async function lookups (factory: Factory): Promise<unknown[]> {
  const app = factory()
  app.addContentTypeParser('Image/GIF', (_request: unknown, _payload: unknown, done: (e: null, b: unknown) => void) => done(null, 1))
  await app.ready()
  const found = ['application/json', '  text/plain  ', 'TEXT/PLAIN', 'image/gif', 'application/jsoff'].map((type) => app.hasContentTypeParser(type))
  return [...found, codeOf(() => app.hasContentTypeParser(123))]
}

/** Keys that are not `type/subtype`. */
function keys (factory: Factory): unknown[] {
  return ['type-only', 'text/', '/plain'].map((key) => codeOf(() => { factory().addContentTypeParser(key, (_r: unknown, _p: unknown, done: (e: null, b: unknown) => void) => done(null, 1)); return 'added' }))
}

/** Two requests to a RegExp parser: its statuses. */
async function regExpAnswers (factory: Factory, pattern: RegExp, types: [string, string]): Promise<number[]> {
  const app = factory()
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(pattern, { parseAs: 'string' }, (_request: unknown, body: string, done: (e: null, b: string) => void) => done(null, `parsed ${body}`))
  app.post('/', async (request: any) => request.body)
  const statuses: number[] = []
  for (const type of types) statuses.push((await app.inject({ method: 'POST', url: '/', headers: { 'content-type': type }, payload: 'x' })).statusCode)
  await app.close()
  return statuses
}

async function regExps (factory: Factory): Promise<number[][]> {
  return [
    // Parameters are matched as `; name="value"`, so an anchored type alone misses a header with them.
    await regExpAnswers(factory, /application\/json; charset="utf8"/, ['application/json; charset=utf8', 'Application/JSON; Charset=utf8']),
    await regExpAnswers(factory, /^application\/json$/, ['application/json; charset=utf8', 'application/json']),
    // A `g` flag keeps no state between requests.
    await regExpAnswers(factory, /^application\/.+\+xml$/g, ['application/vnd.a+xml', 'application/vnd.b+xml'])
  ]
}

/** The warnings addContentTypeParser emits for RegExps, anchored or not. */
async function regExpWarnings (factory: Factory): Promise<string[]> {
  const seen: string[] = []
  const listener = (warning: Error & { code?: string }): void => { seen.push(`${warning.name} ${String(warning.code)} ${warning.message}`) }
  process.on('warning', listener)
  for (const pattern of [/text\/plain/, /^text\/x/, /a;?b/]) factory().addContentTypeParser(pattern, (_r: unknown, _p: unknown, done: (e: null, b: unknown) => void) => done(null, 1))
  await new Promise((resolve) => setImmediate(resolve))
  process.removeListener('warning', listener)
  return seen
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: content-type parser keys as Fastify 5 reads them`, async (t) => {
    t.same(await lookups(factory), [true, true, true, true, false, 'FST_ERR_CTP_INVALID_TYPE'], 'hasContentTypeParser trims, ignores case, refuses a non-type')
    t.same(keys(factory), ['FST_ERR_CTP_INVALID_TYPE', 'FST_ERR_CTP_INVALID_TYPE', 'FST_ERR_CTP_INVALID_TYPE'], 'a key that is not type/subtype is refused')
    t.same(await regExps(factory), [[200, 200], [415, 200], [200, 200]], 'RegExp keys')
    t.same(await regExpWarnings(factory), ['FastifySecurity FSTSEC001 You are using /text\\/plain/ Content-Type which may be vulnerable to CORS attack. Please make sure your RegExp start with "^" or include ";?" to proper detection of the essence MIME type.'], 'FSTSEC001 for the unanchored RegExp only')
  })
}

for (const [name, factory] of v4Entries) {
  test(`${name}: content-type parser keys as Fastify 4.29 reads them`, async (t) => {
    t.same(await lookups(factory), [true, false, false, false, false, false])
    t.same(keys(factory), ['added', 'added', 'added'])
    t.same(await regExps(factory), [[415, 415], [200, 200], [200, 415]])
    t.same(await regExpWarnings(factory), [])
  })
}
