import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/**
 * One schema object used as a template: added, changed, added again under a new `$id`, then a
 * route validating against the first. Also what getSchema() gives back of it.
 */
async function templateReused (factory: Factory): Promise<unknown> {
  const app = factory()
  const kind = Symbol('kind')
  const template: Record<PropertyKey, unknown> = { $id: 'name', type: 'string', maxLength: 3, [kind]: 'String' }
  app.addSchema(template)
  template.$id = 'code'
  template.maxLength = 1
  app.addSchema(template)
  app.post('/name', { schema: { body: { type: 'object', properties: { value: { $ref: 'name#' } } } } }, async (request: any) => request.body)
  const stored = app.getSchema('name')
  const seen = {
    ids: Object.keys(app.getSchemas()),
    storedName: { ...stored },
    symbolKept: kind in stored,
    sameEveryTime: app.getSchema('name') === stored,
    notTheTemplate: stored !== template
  }
  const accepted = await app.inject({ method: 'POST', url: '/name', payload: { value: 'abc' } })
  await app.close()
  return { ...seen, status: accepted.statusCode }
}

t.test('addSchema() stores a copy, so a schema object changed and added again later leaves the first as it was, as Fastify', async (t) => {
  const [[v4Name, fastify4], [enclaveName, enclaveEntry], [face4Name, face4]] = faces as [[string, Factory], [string, Factory], [string, Factory]]
  const [[v5Name, fastify5], [face5Name, face5]] = fastify5Faces as [[string, Factory], [string, Factory]]
  const expected = await templateReused(fastify5)
  t.same(expected, {
    ids: ['name', 'code'],
    storedName: { $id: 'name', type: 'string', maxLength: 3 },
    symbolKept: false,
    sameEveryTime: true,
    notTheTemplate: true,
    status: 200
  })
  t.same(await templateReused(face5), expected, `${face5Name} as ${v5Name}`)
  t.same(await templateReused(fastify4), expected, v4Name)
  t.same(await templateReused(face4), expected, face4Name)
  t.same(await templateReused(enclaveEntry), expected, enclaveName)
})

t.test('a shared schema that refers to itself by object is stored with its cycle (Fastify overflows the stack)', async (t) => {
  for (const [name, factory] of [faces[1]!, faces[2]!, fastify5Faces[1]!]) {
    const app = factory()
    const node: Record<string, unknown> = { $id: 'node', type: 'object' }
    node.properties = { self: node }
    app.addSchema(node)
    const stored = app.getSchema('node')
    t.equal(stored.properties.self, stored, `${name}: the copy keeps the cycle`)
    await app.close()
  }
})
