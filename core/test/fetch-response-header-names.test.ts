// app.fetch()'s raw response keys its fields by lower-case name as Node's response does, whatever
// case each call uses and however often a name comes back (the lowered names are remembered).
import t from 'tap'
import enclave from '@enclave/core'

function observe (raw: any): unknown {
  const seen: unknown[] = []
  raw.setHeader('X-Mixed-Case', 'a')
  seen.push(raw.getHeader('x-mixed-case'), raw.getHeader('X-MIXED-CASE'), raw.hasHeader('x-Mixed-case'))
  raw.setHeader('x-mixed-case', 'b')
  seen.push(raw.getHeader('X-Mixed-Case'))
  raw.appendHeader('X-Listed', '1')
  raw.appendHeader('x-listed', '2')
  seen.push(raw.getHeader('X-LISTED'))
  // toLowerCase turns the Kelvin sign into an ASCII k: Node finds the field by it.
  raw.setHeader('key', 'k')
  seen.push(raw.getHeader('\u212Aey'), raw.hasHeader('\u212AEY'))
  raw.setHeader('X-Gone', '1')
  raw.removeHeader('x-GONE')
  seen.push(raw.hasHeader('X-Gone'), raw.getHeaderNames().sort())
  for (const name of [undefined, 12, null]) {
    try {
      seen.push(raw.getHeader(name))
    } catch (error) {
      seen.push((error as Error).name)
    }
  }
  return seen
}

t.test('field names in any case, through app.fetch and through inject', async (t) => {
  const app = enclave()
  app.get('/', async (_request: unknown, reply: any) => ({ seen: observe(reply.raw) }))
  const expected = await app.inject({ method: 'GET', url: '/' })
  // Twice: the second request meets every name already lowered once.
  for (let round = 0; round < 2; round++) {
    const response = await app.fetch(new Request('http://localhost/'))
    t.equal(response.status, 200)
    t.same(await response.json(), expected.json(), `round ${round}`)
    t.equal(response.headers.get('x-mixed-case'), 'b')
    t.equal(response.headers.get('x-listed'), '1, 2')
    t.equal(response.headers.get('x-gone'), null)
  }
  t.same(expected.json().seen.slice(0, 6), ['a', 'a', true, 'b', ['1', '2'], 'k'])
  await app.close()
})

/** What setting each field on the raw response threw, if anything (Node's error codes). */
function setEach (raw: any): unknown[] {
  const outcomes: unknown[] = []
  const fields: Array<[unknown, unknown]> = [['x-ok', '1'], ['bad name', '1'], ['X-Ok', 'line\nbreak'], ['x-ok', undefined], ['', '1'], ['x-list', ['a', 'b\r']], [42, '1']]
  for (const [name, value] of fields) {
    for (const method of ['setHeader', 'appendHeader']) {
      try {
        raw[method](name, value)
        outcomes.push('set')
      } catch (error) {
        outcomes.push((error as { code?: unknown }).code)
      }
    }
  }
  return outcomes
}

t.test('names and values Node refuses are refused through app.fetch too, every time', async (t) => {
  const app = enclave()
  app.get('/', async (_request: unknown, reply: any) => ({ outcomes: setEach(reply.raw) }))
  const expected = (await app.inject({ method: 'GET', url: '/' })).json()
  t.same(expected.outcomes.slice(0, 6), ['set', 'set', 'ERR_INVALID_HTTP_TOKEN', 'ERR_INVALID_HTTP_TOKEN', 'ERR_INVALID_CHAR', 'ERR_INVALID_CHAR'], 'Node\'s own answers')
  // Twice: a name checked once is remembered, a refused one is not.
  for (let round = 0; round < 2; round++) {
    const response = await app.fetch(new Request('http://localhost/'))
    t.same(await response.json(), expected, `round ${round}`)
  }
  await app.close()
})
