import { test } from 'tap'
import Fastify4 from 'fastify4'
import { fastify5Faces, enclaveFaces, type Factory } from './fixtures/faces.js'

const [[, enclave], [, v4face]] = enclaveFaces

for (const [name, factory] of [...fastify5Faces, ['enclave()', enclave] as [string, Factory]]) {
  test(`${name}: addHook('onClose', resource) disposes of a Disposable or AsyncDisposable on close`, async (t) => {
    const app = factory()
    const disposed: string[] = []
    app.addHook('onClose', { [Symbol.asyncDispose]: async () => { disposed.push('async') }, [Symbol.dispose]: () => { disposed.push('sync, not used') } })
    app.addHook('onClose', { [Symbol.dispose]: () => { disposed.push('sync') } })
    await app.ready()
    t.same(disposed, [], 'not before close')
    await app.close()
    t.same(disposed, ['sync', 'async'], 'asyncDispose preferred; last added first, as onClose hooks run')

    const failing = factory()
    failing.addHook('onClose', { [Symbol.dispose]: () => { throw new Error('dispose failed') } })
    await failing.ready()
    await t.rejects(failing.close(), { message: 'dispose failed' })
  })
}

for (const [name, factory] of [['fastify@4.29.1', Fastify4 as unknown as Factory], ['@enclave/fastify4', v4face]] as Array<[string, Factory]>) {
  // Fastify 4.29 fails on it with a TypeError (`fn.bind is not a function`); its face says FST_ERR_HOOK_INVALID_HANDLER.
  test(`${name}: an onClose resource is refused, as Fastify 4.29 refuses any non-function hook`, async (t) => {
    const app = factory()
    t.throws(() => app.addHook('onClose', { [Symbol.dispose]: () => {} }))
    await app.close()
  })
}
