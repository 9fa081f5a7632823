import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/** printPlugins() with the timings taken out: the names avvio's tree gives each plugin. */
async function pluginTree (factory: Factory): Promise<string> {
  const app = factory()
  app.register(async function usersPlugin () {}, function usersOptions () { return { prefix: '/users' } })
  app.register(async function itemsPlugin () {}, () => ({ prefix: '/items' }))
  app.register(async function ordersPlugin () {}, { prefix: '/orders' })
  await app.ready()
  const tree = app.printPlugins().replace(/ \d+(\.\d+)? ms/g, ' N ms')
  await app.close()
  return tree
}

t.test('a plugin registered with a named options function is named after it in the plugin tree, as avvio does', async (t) => {
  const [[v5Name, fastify5], [faceName, face5]] = fastify5Faces
  const expected = await pluginTree(fastify5)
  t.match(expected, /usersOptions N ms/)
  t.match(expected, /itemsPlugin N ms/)
  t.equal(await pluginTree(face5), expected, `${faceName} as ${v5Name}`)
  const [fastify4, enclaveEntry, face4] = faces
  t.equal(await pluginTree(face4![1]), await pluginTree(fastify4![1]), `${face4![0]} as ${fastify4![0]}`)
  t.equal(await pluginTree(enclaveEntry![1]), expected, 'enclave() names it so too')
})
