import { test } from 'tap'
import fp from 'fastify-plugin'
import { fastify5Faces, enclaveFaces } from './fixtures/faces.js'

for (const [name, factory] of fastify5Faces) {
  test(`${name}: answers as Fastify 5.12 and refuses a plugin that requires Fastify 4`, async (t) => {
    const app = factory()
    t.match(app.version, /^5\.12\.\d+$/)
    app.register(fp(async function needsFive () {}, { fastify: '5.x', name: 'needs-five' }))
    await app.ready()
    await app.close()

    const old = factory()
    old.register(fp(async function needsFour () {}, { fastify: '4.x', name: 'needs-four' }))
    const error = await old.ready().then(() => null, (err: Error & { code?: string }) => err)
    t.equal(error?.code, 'FST_ERR_PLUGIN_VERSION_MISMATCH')
    t.match(error?.message, /expected '4\.x' fastify version, '5\.12\.\d+' is installed/)
    await old.close()
  })
}

for (const [name, factory] of enclaveFaces) {
  test(`${name}: still answers as Fastify 4.29`, async (t) => {
    const app = factory()
    t.equal(app.version, '4.29.1')
    await app.close()
  })
}
