import { createRequire } from 'node:module'
import t from 'tap'
import { kDisplayName, kPluginMeta, kSkipOverride, plugin } from '../src/index.js'

// Loaded untyped: its type definitions need the `fastify` package, which the repository does not install.
const require = createRequire(import.meta.url)
const fastifyPlugin = require('fastify-plugin') as (fn: unknown, options?: unknown) => Record<PropertyKey, unknown>

t.test('the real fastify-plugin sets the same markers, so hosts treat both alike', async (t) => {
  const options = { name: '@acme/thing', fastify: '4.x', dependencies: ['dep'], decorators: { request: ['user'] } }
  const theirs = fastifyPlugin(async function thing () {}, { ...options })
  const ours = plugin(async function thing () {}, { ...options }) as unknown as Record<PropertyKey, unknown>

  for (const key of [kSkipOverride, kDisplayName, kPluginMeta]) {
    t.same(ours[key], theirs[key], String(key.description))
  }
  t.equal(theirs.default, theirs)
  t.equal(theirs.acmeThing, theirs)
  t.equal(ours.acmeThing, ours, 'the same camel-case alias')
})

t.test('both agree on encapsulate: true', async (t) => {
  const theirs = fastifyPlugin(async function e () {}, { name: 'e', encapsulate: true })
  const ours = plugin(async function e () {}, { name: 'e', encapsulate: true }) as unknown as Record<PropertyKey, unknown>
  t.equal(theirs[kSkipOverride], false)
  t.equal(ours[kSkipOverride], false)
})

t.test('both use the same auto-name shape', async (t) => {
  const theirs = fastifyPlugin(async function shaped () {})
  const ours = plugin(async function shaped () {}) as unknown as Record<PropertyKey, unknown>
  t.match(theirs[kDisplayName], /^shaped-auto-\d+$/)
  t.match(ours[kDisplayName], /^shaped-auto-\d+$/)
})
