import { test } from 'tap'
import { readFileSync } from 'node:fs'
import Fastify4 from 'fastify4'
import Fastify5 from 'fastify5'
import { enclaveFaces, fastify5Face, type Factory } from './fixtures/faces.js'

// Fastify 4.29 and 5.12 agree here: initialConfig is a frozen copy all the way down, it shows
// `constraints` when given, and an option given as undefined keeps its place.
const key = readFileSync(new URL('./fixtures/localhost-key.pem', import.meta.url), 'utf8')
const cert = readFileSync(new URL('./fixtures/localhost-cert.pem', import.meta.url), 'utf8')

function storage (): { get: () => null, set: () => void } {
  return { get: () => null, set: () => {} }
}

function observe (factory: Factory): unknown {
  const strategy = { name: 'version', storage, deriveConstraint () { return undefined }, validate () { return true }, nested: { list: [1, { deep: 2 }] } }
  const options = { https: { allowHTTP1: true, key, cert }, constraints: { version: strategy } }
  const config = factory(options).initialConfig
  const writes: string[] = []
  for (const write of [
    () => { config.https.allowHTTP1 = false },
    () => { config.constraints.version.name = 'other' },
    () => { config.constraints.version.nested.list[1].deep = 3 }
  ]) {
    try { write(); writes.push('accepted') } catch (error) { writes.push(`${(error as Error).name}: ${(error as Error).message}`) }
  }
  const undefinedGiven = factory({ pluginTimeout: 5, https: undefined, bodyLimit: undefined, constraints: undefined }).initialConfig
  return {
    https: config.https,
    frozen: [Object.isFrozen(config.https), Object.isFrozen(config.constraints), Object.isFrozen(config.constraints.version.nested.list)],
    strategyCopied: config.constraints.version !== strategy,
    functionsKept: config.constraints.version.storage === storage && !Object.isFrozen(storage),
    optionsLeftWritable: [Object.isFrozen(options), Object.isFrozen(options.https), Object.isFrozen(strategy), Object.isFrozen(strategy.nested)],
    writes,
    order: Object.keys(undefinedGiven).slice(0, 5),
    values: [undefinedGiven.https, undefinedGiven.constraints, undefinedGiven.bodyLimit]
  }
}

const references: Array<[string, Factory, Array<[string, Factory]>]> = [
  ['fastify@4.29.1', Fastify4 as unknown as Factory, enclaveFaces],
  ['fastify@5.12.8', Fastify5 as unknown as Factory, [fastify5Face]]
]

for (const [reference, referenceFactory, entries] of references) {
  const expected = observe(referenceFactory) as { writes: string[] }
  test(`${reference}: initialConfig is frozen all the way down, the options stay writable`, async (t) => {
    t.same(expected.writes, [
      "TypeError: Cannot assign to read only property 'allowHTTP1' of object '#<Object>'",
      "TypeError: Cannot assign to read only property 'name' of object '#<Object>'",
      "TypeError: Cannot assign to read only property 'deep' of object '#<Object>'"
    ])
  })
  for (const [name, factory] of entries) {
    test(`${name}: initialConfig as ${reference} (deep-frozen copy, constraints, options given as undefined)`, async (t) => {
      t.same(observe(factory), expected)
    })
  }
}
