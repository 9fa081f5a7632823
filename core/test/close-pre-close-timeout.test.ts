import { test } from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/** A preClose hook that never calls done: what close() answers, and whether the rest of close still happens. */
async function closeWithStuckPreClose (factory: Factory): Promise<unknown> {
  const app = factory({ pluginTimeout: 50 })
  let onCloseRan = false
  app.addHook('preClose', function stuck (_done: () => void) {})
  app.addHook('onClose', function (_instance: unknown, done: () => void) { onCloseRan = true; done() })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const error = await app.close().then(() => null, (reason: any) => reason)
  return {
    error: error === null ? null : { name: error.name, code: error.code, statusCode: error.statusCode, message: error.message, keys: Object.keys(error), fn: typeof error.fn },
    onCloseRan,
    listening: app.server.listening
  }
}

const expected = {
  error: {
    name: 'FastifyError',
    code: 'AVV_ERR_READY_TIMEOUT',
    statusCode: 500,
    message: "Plugin did not start in time: ''. You may have forgotten to call 'done' function or to resolve a Promise",
    // avvio's error names the function that did not finish
    keys: ['code', 'name', 'statusCode', 'message', 'fn'],
    fn: 'function'
  },
  onCloseRan: true,
  listening: false
}

for (const [name, factory] of [...faces, ...fastify5Faces]) {
  test(`${name}: a preClose hook that never finishes: the server closes, onClose runs, close() rejects with avvio's timeout`, async (t) => {
    t.same(await closeWithStuckPreClose(factory), expected)
  })
}
