import { test } from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

function findLowerCase (factory: Factory): unknown {
  const app = factory()
  app.get('/artists/:artistId', () => 'artist')
  const found = app.findRoute({ method: 'get', url: '/artists/:artistId' })
  return found === null ? null : found.params
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: findRoute upper-cases the method`, async (t) => {
    t.same(findLowerCase(factory), { artistId: ':artistId' })
  })
}

for (const [name, factory] of faces) {
  test(`${name}: findRoute takes the method as given, as Fastify 4.29`, async (t) => {
    t.equal(findLowerCase(factory), null)
  })
}
