// A path parameter longer than maxParamLength. Fastify 4.29's router stops the whole lookup at the
// first such parameter it reads: `/:id` and `/*` with a 101-character id is a 404, not the
// catch-all. Fastify 5.12's goes on to the routes left (the catch-all answers; with no route left,
// its 414). The Fastify v4 face answers as 4.29, the v5 face and enclave() as 5.12.
import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const long = 'b'.repeat(101)

/** Route sets, each with the URLs to send it. */
const cases: Array<{ routes: string[], urls: string[] }> = [
  { routes: ['/:id', '/*'], urls: [`/${long}`, `/${'b'.repeat(100)}`, `/${long}?q=1`, `/${'b%20'.repeat(40)}`] },
  { routes: ['/:id'], urls: [`/${long}`] },
  { routes: ['/:a/:b', '/*'], urls: [`/x/${long}`, `/${long}/x`] },
  // The long parameter's own branch fails later: 4.29 has stopped already.
  { routes: ['/:id/x', '/*'], urls: [`/${long}/y`, `/${long}/x`] },
  { routes: ['/u/:id', '/u/*', '/*'], urls: [`/u/${long}`, `/u/${long}/more`] },
  { routes: ['/r/:id(^\\d+$)', '/*'], urls: [`/r/${'1'.repeat(101)}`, `/r/${long}`] },
  { routes: ['/f/:name.:ext', '/*'], urls: [`/f/${long}.txt`, `/f/name.${long}`] },
  // A static route tried first, then a parameter that is too long before the route that matches.
  { routes: ['/a/:id', `/:x/${long}`], urls: [`/a/${long}`] },
  { routes: [`/s/${long}`, '/s/:id', '/*'], urls: [`/s/${long}`, `/s/${long}c`] }
]

interface Answer { status: number, body: string }

async function answers (factory: Factory, routes: string[], options: Record<string, unknown> = {}): Promise<Record<string, Answer>> {
  const app = factory(options)
  for (const route of routes) app.get(route, async (request: any) => ({ route, params: request.params }))
  await app.ready()
  const seen: Record<string, Answer> = {}
  const urls = cases.find((c) => c.routes === routes)!.urls
  try {
    for (const url of urls) {
      for (const method of ['GET', 'HEAD']) {
        const res = await app.inject({ method, url })
        // A HEAD answer's body is not sent (inject() on enclave() keeps 4.29's, the wire has none).
        seen[`${method} ${url.slice(0, 24)}…`] = { status: res.statusCode, body: method === 'HEAD' ? '' : res.body }
      }
    }
  } finally {
    await app.close()
  }
  return seen
}

const [fastify4, ...enclaveEntries] = faces
const [, v4Face] = enclaveEntries.find(([name]) => name === '@enclave/fastify4')!
const [, enclave] = enclaveEntries.find(([name]) => name === 'enclave()')!
const [[, fastify5], [, v5Face]] = fastify5Faces

t.test('@enclave/fastify4 answers an over-long parameter as fastify@4.29.1', async (t) => {
  for (const { routes } of cases) {
    t.same(await answers(v4Face, routes), await answers(fastify4[1], routes), routes.join(' + '))
  }
  // The default catch-all case, spelled out.
  const [oneCase] = cases
  const seen = await answers(v4Face, oneCase!.routes)
  t.equal(seen[`GET /${'b'.repeat(23)}…`]!.status, 404, '/:id + /* with a 101-character id: 404')
})

t.test('@enclave/fastify4 with the router options that change the path walked', async (t) => {
  for (const options of [{ caseSensitive: false }, { ignoreTrailingSlash: true }, { ignoreDuplicateSlashes: true }, { maxParamLength: 20 }]) {
    for (const { routes } of cases.slice(0, 4)) {
      t.same(await answers(v4Face, routes, options), await answers(fastify4[1], routes, options), `${JSON.stringify(options)}: ${routes.join(' + ')}`)
    }
  }
})

t.test('enclave() with paramTooLongStatus: 404 (Fastify 4\'s behaviour) answers as fastify@4.29.1', async (t) => {
  for (const { routes } of cases.slice(0, 4)) {
    t.same(await answers(enclave, routes, { paramTooLongStatus: 404 }), await answers(fastify4[1], routes), routes.join(' + '))
  }
})

t.test('@enclave/fastify (v5) and enclave() answer an over-long parameter as fastify@5.12.8', async (t) => {
  for (const { routes } of cases) {
    const expected = await answers(fastify5, routes)
    t.same(await answers(v5Face, routes), expected, `v5 face: ${routes.join(' + ')}`)
    t.same(await answers(enclave, routes), expected, `enclave(): ${routes.join(' + ')}`)
  }
})
