import { test } from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

// A route's schema warnings (FSTWRN001 for a part given as undefined, FSTSEC002 for a headers $ref)
// come once per declaration and path, as Fastify checks the schema when the route is declared: a
// route declared for several methods warns once, naming them as declared; a '/' route under a
// prefix answers on two paths and warns for each, as Fastify does.

async function schemaWarnings (factory: Factory, method: string | string[], codes: string[]): Promise<string[]> {
  const seen: string[] = []
  const listener = (warning: Error & { code?: string }): void => {
    if (codes.includes(warning.code ?? '')) seen.push(`${warning.code ?? ''} ${warning.message}`)
  }
  process.on('warning', listener)
  try {
    const app = factory()
    app.addSchema({ $id: 'shared-headers', type: 'object', properties: { 'X-Token': { type: 'string' } } })
    await app.register(async (child: any) => {
      child.route({ method, url: '/', schema: { body: undefined, headers: { $ref: 'shared-headers#' } }, handler: async () => 'ok' })
    }, { prefix: '/p' })
    await app.ready()
    // process.emitWarning() delivers on the next tick
    await new Promise((resolve) => setImmediate(resolve))
    await app.close()
  } finally {
    process.off('warning', listener)
  }
  return seen
}

test('a route declared for several methods under a prefix: each schema warning once per path, naming the methods, as fastify@5.12.8', async (t) => {
  const [[, fastify5], [, face]] = fastify5Faces as [[string, Factory], [string, Factory]]
  const codes = ['FSTWRN001', 'FSTSEC002']
  const expected = await schemaWarnings(fastify5, ['GET', 'POST'], codes)
  t.equal(expected.filter((line) => line.includes("[ 'GET', 'POST' ]")).length, 4, 'fastify@5.12.8: two warnings for each of the two paths')
  t.same((await schemaWarnings(face, ['GET', 'POST'], codes)).sort(), expected.sort())
})

test('a POST route under a prefix: FSTSEC002 then FSTWRN001, for each path, in fastify@5.12.8\'s order', async (t) => {
  const [[, fastify5], [, face]] = fastify5Faces as [[string, Factory], [string, Factory]]
  const codes = ['FSTWRN001', 'FSTSEC002']
  const expected = await schemaWarnings(fastify5, 'POST', codes)
  t.equal(expected.length, 4)
  t.same(await schemaWarnings(face, 'POST', codes), expected)
})

test('FSTWRN001 for a route declared for several methods, once per path, on every entry as fastify@4.29.1', async (t) => {
  const [[, fastify4], ...entries] = faces as Array<[string, Factory]>
  const expected = (await schemaWarnings(fastify4!, ['GET', 'POST'], ['FSTWRN001'])).sort()
  t.equal(expected.length, 4, 'fastify@4.29.1: GET,POST and the HEAD twin, on each of the two paths')
  for (const [name, factory] of entries) t.same((await schemaWarnings(factory, ['GET', 'POST'], ['FSTWRN001'])).sort(), expected, name)
})
