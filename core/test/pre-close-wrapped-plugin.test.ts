import t from 'tap'
import { createRequire } from 'node:module'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const require = createRequire(import.meta.url)

/**
 * A wrapped plugin adds a preClose hook to the root after other contexts were made. Fastify 4.29
 * runs it once more for each of those contexts; Fastify 5.12 and every Enclave entry run it once
 * (a row of the differences table).
 */
async function preCloseRuns (factory: Factory, fp: (plugin: unknown) => unknown): Promise<string[]> {
  const log: string[] = []
  const app = factory({ logger: false })
  app.register(async (child: any) => { child.get('/c', async () => 'c') })
  app.register(async (child: any) => { child.register(async () => {}) })
  app.register(fp(async (wrapped: any) => {
    wrapped.addHook('preClose', async () => { log.push('wrapped preClose') })
    wrapped.addHook('onClose', async () => { log.push('wrapped onClose') })
  }))
  app.register(async (child: any) => { child.addHook('preClose', async () => { log.push('child preClose') }) })
  await app.ready()
  await app.close()
  return log
}

t.test('a wrapped plugin\'s preClose hook on the root runs once, however many contexts came before it', async (t) => {
  const fp4 = require('fastify-plugin4')
  const fp5 = require('fastify-plugin')
  const once = ['wrapped preClose', 'child preClose', 'wrapped onClose']
  const [fastify4, enclaveEntry, face4] = faces
  t.same(await preCloseRuns(fastify4![1], fp4), ['wrapped preClose', 'wrapped preClose', 'wrapped preClose', 'wrapped preClose', 'child preClose', 'wrapped onClose'], `${fastify4![0]} runs it once per context made before it, and once more`)
  t.same(await preCloseRuns(face4![1], fp4), once, face4![0])
  t.same(await preCloseRuns(enclaveEntry![1], fp4), once, enclaveEntry![0])
  const [[v5Name, fastify5], [face5Name, face5]] = fastify5Faces
  t.same(await preCloseRuns(fastify5, fp5), once, v5Name)
  t.same(await preCloseRuns(face5, fp5), once, face5Name)
})
