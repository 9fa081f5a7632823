import t from 'tap'
import fp from 'fastify-plugin'
import { faces, type Factory } from './fixtures/faces.js'

const kRegisteredPlugins = Symbol.for('registered-plugin')

/** What an app reads under `Symbol.for('registered-plugin')` at each level, as plugins' tests do. */
async function registeredNames (factory: Factory) {
  const seen: Record<string, unknown> = {}
  const app = factory()
  seen.rootBefore = [...app[kRegisteredPlugins]]
  seen.rootIsArray = Array.isArray(app[kRegisteredPlugins])
  app.register(fp(async (instance: any) => { seen.insideWrapped = [...instance[kRegisteredPlugins]] }, { name: 'alpha' }))
  app.register(async function child (instance: any) {
    seen.childInherits = Object.getPrototypeOf(instance[kRegisteredPlugins]) === app[kRegisteredPlugins]
    seen.childLength = instance[kRegisteredPlugins].length
    instance.register(fp(async () => {}, { name: 'beta' }))
    instance.register(async function grandchild (inner: any) {
      seen.grandchild = Array.from(inner[kRegisteredPlugins] as ArrayLike<string>)
      seen.grandchildFinds = (inner[kRegisteredPlugins] as string[]).find((name) => name === 'alpha')
      seen.grandchildHasBeta = inner.hasPlugin('beta')
    })
  })
  app.register(fp(async () => {}, { name: 'gamma' }))
  app.register(async function plain () {})
  await app.ready()
  seen.rootAfter = [...app[kRegisteredPlugins]]
  seen.rootFinds = (app[kRegisteredPlugins] as string[]).find((name) => name === 'gamma')
  await app.close()
  return seen
}

const expected = {
  rootBefore: [],
  rootIsArray: true,
  insideWrapped: ['alpha'],
  childInherits: true,
  childLength: 1,
  grandchild: ['alpha', 'beta'],
  grandchildFinds: 'alpha',
  grandchildHasBeta: true,
  rootAfter: ['alpha', 'gamma'],
  rootFinds: 'gamma'
}

for (const [face, factory] of faces) {
  t.test(`${face}: the names of registered wrapped plugins are listed under Symbol.for('registered-plugin'), a child's list inheriting its parent's`, async (t) => {
    t.same(await registeredNames(factory), expected)
  })
}
