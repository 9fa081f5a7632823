import t from 'tap'
import { kDisplayName, kSkipOverride, plugin } from '../src/index.js'

t.test('a transpiled-ESM namespace is unwrapped to its default export', async (t) => {
  async function real () {}
  // What `require()` of TypeScript/Babel CommonJS output returns.
  const namespace = { __esModule: true, default: real }
  const fn = plugin(namespace, { name: 'real' })
  t.equal(fn, real)
  t.equal(fn.default, real)
  t.equal((real as unknown as Record<symbol, unknown>)[kSkipOverride], true)
})

t.test('a function whose default is a function is unwrapped too', async (t) => {
  async function inner () {}
  const outer = Object.assign(function outer () {}, { default: inner })
  const fn = plugin(outer)
  t.equal(fn, inner)
  t.match(fn[kDisplayName], /^inner-auto-\d+$/)
  t.notOk(Object.getOwnPropertySymbols(outer).includes(kSkipOverride), 'the outer function is not marked')
})

t.test('an already wrapped plugin wraps to itself', async (t) => {
  const first = plugin(async function again () {}, { name: 'again' })
  t.equal(plugin(first), first)
})

t.test('a non-function default does not replace a plugin function', async (t) => {
  const fn = Object.assign(async function keeps () {}, { default: 'not a plugin' })
  const wrapped = plugin(fn as unknown as () => Promise<void>)
  t.equal(wrapped, fn)
  t.equal(wrapped.default, fn)
})
