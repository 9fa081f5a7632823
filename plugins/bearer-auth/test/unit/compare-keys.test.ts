import t, { type Test } from 'tap'
import * as crypto from 'node:crypto'

interface Call { left: number, right: number }

async function instrumentedMatcher (t: Test, keys: string[]): Promise<{ matches: (token: string) => boolean, calls: Call[] }> {
  const calls: Call[] = []
  const { createKeyMatcher } = await t.mockImport<typeof import('../../dist/compare-keys.js')>('../../dist/compare-keys.js', {
    'node:crypto': {
      ...crypto,
      timingSafeEqual (a: Buffer, b: Buffer): boolean {
        calls.push({ left: a.length, right: b.length })
        return crypto.timingSafeEqual(a, b)
      }
    }
  })
  return { matches: createKeyMatcher(keys), calls }
}

t.test('every key is compared, even when the first one matches (no early exit)', async (t) => {
  const { matches, calls } = await instrumentedMatcher(t, ['first', 'second', 'third', 'fourth'])
  for (const token of ['first', 'third', 'fourth', 'none']) {
    calls.length = 0
    t.equal(matches(token), token !== 'none', token)
    t.equal(calls.length, 4, `${token}: four comparisons`)
  }
})

t.test('every comparison is between two 32-byte digests, whatever the lengths', async (t) => {
  const { matches, calls } = await instrumentedMatcher(t, ['a', 'x'.repeat(500)])
  for (const token of ['a', 'ab', 'x'.repeat(499), 'x'.repeat(500), 'y'.repeat(100_000)]) matches(token)
  t.equal(calls.length, 10)
  t.ok(calls.every((call) => call.left === 32 && call.right === 32))
})

t.test('matching is exact', async (t) => {
  const { matches } = await instrumentedMatcher(t, ['Key-1', 'key-2'])
  t.equal(matches('Key-1'), true)
  t.equal(matches('key-1'), false)
  t.equal(matches('Key-1 '), false)
  t.equal(matches('key-2'), true)
  t.equal(matches(''), false)
})

t.test('no keys: nothing matches', async (t) => {
  const { matches, calls } = await instrumentedMatcher(t, [])
  t.equal(matches('anything'), false)
  t.equal(calls.length, 0)
})
