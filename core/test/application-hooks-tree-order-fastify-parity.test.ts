import t from 'tap'
import { createRequire } from 'node:module'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const require = createRequire(import.meta.url)

/**
 * onListen and preClose hooks run in Fastify's order: by context, the root's first (a wrapped
 * plugin's hooks are the root's), then each child context's; a context's onListen hooks run one
 * after another and, once done, its children's start all at once.
 */
async function order (factory: Factory, fp: (plugin: unknown) => unknown): Promise<string[]> {
  const log: string[] = []
  const app = factory({ logger: { level: 'error', stream: { write: (line: string) => { log.push(`logged ${String(JSON.parse(line).msg)}`) } } } })
  const later = (label: string) => async () => { log.push(`${label} start`); await new Promise((resolve) => setTimeout(resolve, 5)); log.push(`${label} end`) }
  app.register(async (child: any) => {
    child.addHook('preClose', async () => { log.push('child preClose') })
    child.addHook('onListen', later('child onListen'))
    child.addHook('onListen', async () => { log.push('child onListen 2'); throw new Error('child onListen failed') })
    child.register(async (grandchild: any) => {
      grandchild.addHook('preClose', async () => { log.push('grandchild preClose') })
      grandchild.addHook('onListen', function (done: () => void) { log.push('grandchild onListen'); done() })
    })
  })
  app.register(fp(async (wrapped: any) => {
    wrapped.addHook('onReady', async () => { log.push('root onReady (wrapped plugin)') })
    wrapped.addHook('onListen', later('root onListen (wrapped plugin)'))
  }))
  app.register(async (sibling: any) => {
    sibling.addHook('preClose', async () => { log.push('sibling preClose') })
    sibling.addHook('onListen', async () => { log.push('sibling onListen') })
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  await new Promise((resolve) => setTimeout(resolve, 40))
  log.push('closing')
  await app.close()
  return log
}

t.test('onListen and preClose hooks run by context, as in Fastify', async (t) => {
  const [[v5Name, fastify5], [face5Name, face5]] = fastify5Faces
  const fp5 = require('fastify-plugin')
  const baseline = await order(fastify5, fp5)
  t.same(await order(face5, fp5), baseline, `${face5Name} as ${v5Name}`)
  const fp4 = require('fastify-plugin4')
  const [fastify4, enclaveEntry, face4] = faces
  const baseline4 = await order(fastify4![1], fp4)
  t.same(await order(face4![1], fp4), baseline4, `${face4![0]} as ${fastify4![0]}`)
  t.same(await order(enclaveEntry![1], fp4), baseline4, `${enclaveEntry![0]} as ${fastify4![0]}`)
  t.same(baseline.slice(0, 3), ['root onReady (wrapped plugin)', 'root onListen (wrapped plugin) start', 'root onListen (wrapped plugin) end'], 'the root\'s first, a wrapped plugin\'s hooks being the root\'s')
  t.same(baseline.slice(-4), ['closing', 'child preClose', 'grandchild preClose', 'sibling preClose'], 'preClose by context, depth first')
})
