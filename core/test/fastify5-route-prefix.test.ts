import { test } from 'tap'
import Fastify4 from 'fastify4'
import { enclaveFaces, fastify5Faces, type Factory } from './fixtures/faces.js'

const requests = ['/v1/inner', '/v1/inner/', '/v1//inner', '/v1//inner/', '/v1/inner/r', '/v1//inner/r', '/prefix', '/prefix/']

/** Which URLs answer, and the `routeOptions.url` each reports, for nested and trailing-slash prefixes. */
async function answers (factory: Factory): Promise<string[]> {
  const app = factory({ exposeHeadRoutes: false })
  const reportUrl = async (request: any): Promise<string> => request.routeOptions.url
  app.register(async (outer: any) => {
    outer.register(async (inner: any) => {
      inner.get('/', reportUrl)
      inner.get('/r', reportUrl)
    }, { prefix: 'inner' })
  }, { prefix: '/v1/' })
  app.register(async (child: any) => { child.get('/', reportUrl) }, { prefix: '/prefix' })
  const seen: string[] = []
  for (const url of requests) {
    const res = await app.inject(url)
    seen.push(`${url} ${res.statusCode}${res.statusCode === 200 ? ` ${res.body}` : ''}`)
  }
  await app.close()
  return seen
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: a prefix without its leading slash under one ending in a slash is joined with one slash; a '/' route reports its canonical URL on both paths`, async (t) => {
    t.same(await answers(factory), [
      '/v1/inner 200 /v1/inner', '/v1/inner/ 200 /v1/inner', '/v1//inner 404', '/v1//inner/ 404',
      '/v1/inner/r 200 /v1/inner/r', '/v1//inner/r 404', '/prefix 200 /prefix', '/prefix/ 200 /prefix'
    ])
  })
}

const fastify4Answers = [
  '/v1/inner 404', '/v1/inner/ 404', '/v1//inner 200 /v1//inner', '/v1//inner/ 200 /v1//inner/',
  '/v1/inner/r 404', '/v1//inner/r 200 /v1//inner/r', '/prefix 200 /prefix', '/prefix/ 200 /prefix/'
]

for (const [name, factory] of [['fastify@4.29.1', Fastify4 as unknown as Factory] as [string, Factory], ...enclaveFaces]) {
  test(`${name}: prefixes join and '/' routes report the matched path as Fastify 4.29`, async (t) => {
    t.same(await answers(factory), fastify4Answers)
  })
}
