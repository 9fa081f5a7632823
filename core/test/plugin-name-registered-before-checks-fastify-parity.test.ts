import t from 'tap'
import { createRequire } from 'node:module'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const require = createRequire(import.meta.url)
// The fastify-plugin majors each Fastify line's plugins use.
const fp5 = require('fastify-plugin') as (fn: any, meta: any) => any
const fp4 = require('fastify-plugin4') as (fn: any, meta: any) => any

type Scenario = (app: any, fp: (fn: any, meta: any) => any, seen: string[]) => void

/** What the app's author observes: after() errors, hasPlugin answers, and how ready() settles. */
async function observe (factory: Factory, fp: (fn: any, meta: any) => any, scenario: Scenario): Promise<string[]> {
  const app = factory()
  const seen: string[] = []
  scenario(app, fp, seen)
  seen.push(await app.ready().then(() => 'ready', (error: any) => `ready failed: ${String(error.code)} ${String(error.message)}`))
  seen.push(`hasPlugin: ${String(app.hasPlugin('first'))}`)
  await app.close()
  return seen
}

const scenarios: Record<string, Scenario> = {
  'a plugin naming itself among its dependencies': (app, fp) => {
    app.register(fp(async function first () {}, { name: 'first', dependencies: ['first'] }))
  },
  'a plugin refused for a missing decorator, then one depending on it': (app, fp, seen) => {
    app.register(fp(async function first () {}, { name: 'first', decorators: { fastify: ['missing'] } }))
    app.after((error: any) => { seen.push(`after: ${String(error?.code)}`) })
    app.register(fp(async function second () {}, { name: 'second', dependencies: ['first'] }))
  },
  'a plugin refused for its Fastify range, then one depending on it': (app, fp, seen) => {
    app.register(fp(async function first () {}, { name: 'first', fastify: '1.x' }))
    app.after((error: any) => { seen.push(`after: ${String(error?.code)}`) })
    app.register(fp(async function second () {}, { name: 'second', dependencies: ['first'] }))
  },
  'a plugin refused for its own missing dependency, then one depending on it': (app, fp, seen) => {
    app.register(fp(async function first () {}, { name: 'first', dependencies: ['absent'] }))
    app.after((error: any) => { seen.push(`after: ${String(error?.code ?? error?.name)}`) })
    app.register(fp(async function second () {}, { name: 'second', dependencies: ['first'] }))
  }
}

const [fastify4, , face4] = faces

for (const [label, scenario] of Object.entries(scenarios)) {
  t.test(`${label}: a plugin's name is registered before its needs are checked, as in Fastify`, async (t) => {
    const [[v5Name, fastify5], [faceName, face5]] = fastify5Faces
    t.same(await observe(face5, fp5, scenario), await observe(fastify5, fp5, scenario), `${faceName} as ${v5Name}`)
    t.same(await observe(face4![1], fp4, scenario), await observe(fastify4![1], fp4, scenario), `${face4![0]} as ${fastify4![0]}`)
  })
}

t.test('enclave() loads a plugin that names itself among its dependencies', async (t) => {
  const [, enclaveEntry] = faces[1]!
  t.same(await observe(enclaveEntry, fp5, scenarios['a plugin naming itself among its dependencies']!), ['ready', 'hasPlugin: true'])
})
