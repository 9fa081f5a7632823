// Hostile JSON bodies over a real socket: whatever arrives, the client gets a complete 4xx and the
// server keeps answering; prototype keys never reach Object.prototype.
import t from 'tap'
import type { Test } from 'tap'
import type { AddressInfo } from 'node:net'
import enclave from '@enclave/core'

type PoisoningAction = 'error' | 'remove' | 'ignore'

async function startEcho (t: Test, options: Record<string, unknown> = {}): Promise<string> {
  const app = enclave(options)
  app.post('/', async (request) => ({ body: request.body as unknown }))
  // Touching the body the way naive user code does (merge into a fresh object) must stay harmless.
  app.post('/merge', async (request) => {
    const target: Record<string, unknown> = {}
    mergeDeep(target, request.body)
    return { keys: Object.keys(target) }
  })
  app.get('/alive', async () => ({ alive: true }))
  t.teardown(() => app.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
}

/** The classic vulnerable deep merge: only safe if the parsed body carries no prototype keys. */
function mergeDeep (target: any, source: any): void {
  if (source === null || typeof source !== 'object') return
  for (const key of Object.keys(source)) {
    const value = source[key]
    if (value !== null && typeof value === 'object') {
      if (target[key] === undefined || typeof target[key] !== 'object') target[key] = {}
      mergeDeep(target[key], value)
    } else {
      target[key] = value
    }
  }
}

function postJson (url: string, body: string | Buffer, path = '/'): Promise<Response> {
  return fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : new Uint8Array(body) })
}

async function assertAlive (t: Test, url: string): Promise<void> {
  const response = await fetch(url + '/alive')
  t.equal(response.status, 200, 'the server still answers')
}

const invalidJson = {
  statusCode: 400,
  code: 'FST_ERR_CTP_INVALID_JSON_BODY',
  error: 'Bad Request',
  message: "Body is not valid JSON but content-type is set to 'application/json'"
}

t.test('malformed, truncated and non-UTF-8 JSON bodies are a 400 with a generic message', async (t) => {
  const url = await startEcho(t)
  const bodies: Array<[string, string | Buffer]> = [
    ['truncated object', '{"a":[1,2'],
    ['truncated string', '{"a":"abc'],
    ['bare word', 'nope'],
    ['single quotes', "{'a':1}"],
    ['trailing comma', '{"a":1,}'],
    ['two documents', '{"a":1}{"b":2}'],
    ['NaN literal', '{"a":NaN}'],
    ['lone continuation byte', Buffer.from([0x22, 0x80, 0x22])],
    ['overlong encoding', Buffer.from([0x22, 0xc0, 0xaf, 0x22])],
    ['lone surrogate in UTF-8', Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22])],
    ['UTF-16 with BOM', Buffer.from('\ufeff{"a":1}', 'utf16le')],
    ['NUL bytes', Buffer.alloc(64)]
  ]
  for (const [name, body] of bodies) {
    const response = await postJson(url, body)
    t.equal(response.status, 400, name)
    t.strictSame(await response.json(), invalidJson, name)
  }
  await assertAlive(t, url)
})

t.test('JSON nested 10 000+ levels deep is a 400 and the process lives', async (t) => {
  const url = await startEcho(t, { bodyLimit: 8 * 1024 * 1024 })
  for (const depth of [10_000, 50_000, 200_000]) {
    for (const [open, close] of [['[', ']'], ['{"a":', '}']] as const) {
      const body = open.repeat(depth) + '1' + close.repeat(depth)
      const response = await postJson(url, body)
      t.equal(response.status, 400, `${depth} levels of ${open}`)
      t.strictSame(await response.json(), invalidJson)
    }
  }
  // Deep but truncated: the parser's own error, same answer.
  const response = await postJson(url, '['.repeat(100_000))
  t.equal(response.status, 400)
  await assertAlive(t, url)
})

t.test('JSON nested up to 1000 levels is accepted and echoed; 1001 levels is a 400', async (t) => {
  const url = await startEcho(t)
  const body = '{"a":'.repeat(1000) + '"[[[[{{{{"' + '}'.repeat(1000)
  const response = await postJson(url, body)
  t.equal(response.status, 200)
  let node: any = (await response.json()).body
  let depth = 0
  while (typeof node === 'object') {
    node = node.a
    depth++
  }
  t.equal(depth, 1000)
  t.equal(node, '[[[[{{{{', 'brackets inside strings do not count as nesting')
  const deeper = await postJson(url, '['.repeat(1001) + ']'.repeat(1001))
  t.equal(deeper.status, 400)
})

function nestedIn (depth: number, inner: string): string {
  return '{"x":'.repeat(depth) + inner + '}'.repeat(depth)
}

const poisons: Array<[string, string, 'onProtoPoisoning' | 'onConstructorPoisoning']> = [
  ['__proto__', '{"__proto__":{"polluted":true}}', 'onProtoPoisoning'],
  ['constructor.prototype', '{"constructor":{"prototype":{"polluted":true}}}', 'onConstructorPoisoning'],
  ['__proto__ in an array', '[{"__proto__":{"polluted":true}}]', 'onProtoPoisoning'],
  ['escaped __proto__ key', '{"\\u005f_proto__":{"polluted":true}}', 'onProtoPoisoning']
]

for (const action of ['error', 'remove', 'ignore'] as PoisoningAction[]) {
  t.test(`prototype keys at any depth never reach Object.prototype (${action})`, async (t) => {
    const url = await startEcho(t, { onProtoPoisoning: action, onConstructorPoisoning: action })
    for (const [name, inner, option] of poisons) {
      for (const depth of [0, 1, 7, 300]) {
        const label = `${name} at depth ${depth} with ${option}: ${action}`
        // With ignore the keys stay as own data properties: harmless to the framework, but a naive
        // merge in user code would follow them, so only the plain handler is exercised.
        for (const path of action === 'ignore' ? ['/'] : ['/', '/merge']) {
          const response = await postJson(url, nestedIn(depth, inner), path)
          const payload: any = await response.json()
          if (action === 'error') {
            t.equal(response.status, 400, label)
            // Fastify v5's code (genericJsonParseErrors); Fastify 4 sends the same 400 without a code.
            t.equal(payload.code, 'FST_ERR_CTP_INVALID_JSON_BODY', label)
          } else {
            t.equal(response.status, 200, label)
            if (action === 'ignore' && depth === 0 && option === 'onProtoPoisoning' && !name.includes('array')) {
              t.ok(Object.prototype.hasOwnProperty.call(payload.body, '__proto__'), 'ignore keeps __proto__ as an own key')
            }
          }
          t.equal(({} as any).polluted, undefined, `${label} (${path}): Object.prototype untouched`)
          t.equal(Object.hasOwn(Object.prototype, 'polluted'), false)
        }
      }
    }
    if (action === 'remove') {
      const response = await postJson(url, '{"a":{"__proto__":{"p":1},"constructor":{"prototype":{"p":1}},"b":2}}')
      // secure-json-parse drops the whole `constructor` key that holds a `prototype`.
      t.strictSame(await response.json(), { body: { a: { b: 2 } } }, 'only the dangerous keys are stripped')
    }
    await assertAlive(t, url)
  })
}
