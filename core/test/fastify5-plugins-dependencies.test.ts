// A wrapped plugin whose declared dependency is not registered: Fastify 5 refuses it with
// FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED (what @fastify/* plugins that depend on another meet),
// Fastify 4.29 with a bare AssertionError carrying the same message.
import { test } from 'tap'
import fp from 'fastify-plugin'
import { fastify5Faces, faces } from './fixtures/faces.js'

function needsCookie () {
  return fp(async function session () {}, { name: 'session-like', dependencies: ['cookie-like'] })
}

async function readyError (app: any): Promise<any> {
  const error = await app.ready().then(() => null, (err: unknown) => err)
  await app.close()
  return error
}

for (const [name, factory] of fastify5Faces) {
  test(`${name}: a missing dependency fails ready() with FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED`, async (t) => {
    const app = factory()
    app.register(needsCookie())
    const error = await readyError(app)
    t.equal(error?.name, 'FastifyError')
    t.equal(error?.code, 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED')
    t.equal(error?.statusCode, 500)
    t.equal(error?.message, 'The dependency \'cookie-like\' of plugin \'session-like\' is not registered')
  })

  test(`${name}: a registered dependency, and a malformed list, answer as before`, async (t) => {
    const app = factory()
    app.register(fp(async function cookie () {}, { name: 'cookie-like' }))
    app.register(needsCookie())
    await app.ready()
    await app.close()

    const malformed = factory()
    malformed.register(fp(async function odd () {}, { name: 'odd', dependencies: 'cookie-like' as unknown as string[] }))
    const error = await readyError(malformed)
    t.equal(error?.code, 'ERR_ASSERTION')
    t.equal(error?.message, 'The dependencies should be an array of strings')
  })
}

for (const [name, factory] of faces) {
  test(`${name}: a missing dependency still fails ready() with Fastify 4.29's AssertionError`, async (t) => {
    const app = factory()
    app.register(needsCookie())
    const error = await readyError(app)
    t.equal(error?.name, 'AssertionError')
    t.equal(error?.code, 'ERR_ASSERTION')
    t.equal(error?.message, 'The dependency \'cookie-like\' of plugin \'session-like\' is not registered')
  })
}
