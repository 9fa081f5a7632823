// What a hook sees as `this`, what addHook refuses and when, and how ready() settles: each case runs
// on fastify@4.29.1, on enclave() and on the Fastify face, and the three must agree.
import t from 'tap'
import type { Test } from 'tap'
import { faces } from './fixtures/faces.js'

const factories = faces

/** Runs `scenario` on every factory; the first (fastify@4.29.1) is what the others must equal. */
async function agree (t: Test, label: string, scenario: (make: (options?: any) => any) => Promise<unknown>, expected?: unknown): Promise<void> {
  const [[, reference], ...others] = factories
  const wanted = await scenario(reference)
  if (expected !== undefined) t.same(wanted, expected, `fastify@4.29.1: ${label}`)
  for (const [name, make] of others) t.same(await scenario(make), wanted, `${name}: ${label}`)
}

function describe (error: any): string {
  return `${String(error.code)}: ${String(error.message)}`
}

t.test('`this` in a request hook is the instance the route was declared on, whichever context added the hook', async (t) => {
  const names = ['onRequest', 'preParsing', 'preValidation', 'preHandler', 'preSerialization', 'onSend', 'onResponse']
  await agree(t, 'every request hook', async (make) => {
    const app = make()
    const seen: Record<string, unknown> = {}
    app.decorate('tag', 'root')
    for (const name of names) app.addHook(name, async function (this: any) { seen[name] = this.tag })
    app.addHook('onError', async function (this: any) { seen.onError = this.tag })
    await app.register(async (child: any) => {
      child.decorate('tag', 'child')
      child.get('/', async () => ({ ok: true }))
      child.get('/fails', async () => { throw new Error('boom') })
      child.get('/own', { onRequest: async function (this: any) { seen.routeLevel = this.tag } }, async () => 'own')
    })
    app.get('/root', async () => 'root')
    await app.inject('/')
    await app.inject('/fails')
    await app.inject('/own')
    const onChildRoutes = { ...seen }
    await app.inject('/root')
    return { onChildRoutes, onRootRoute: seen.onRequest }
  }, {
    onChildRoutes: { onRequest: 'child', preParsing: 'child', preValidation: 'child', preHandler: 'child', preSerialization: 'child', onSend: 'child', onResponse: 'child', onError: 'child', routeLevel: 'child' },
    onRootRoute: 'root'
  })
  await agree(t, 'the not-found handler of a child context', async (make) => {
    const app = make()
    const seen: Record<string, unknown> = {}
    app.decorate('tag', 'root')
    app.addHook('onRequest', async function (this: any, request: any) { seen[request.url] = this.tag })
    await app.register(async (child: any) => {
      child.decorate('tag', 'child')
      child.setNotFoundHandler(async () => 'not here')
    }, { prefix: '/c' })
    await app.inject('/c/missing')
    await app.inject('/missing')
    return seen
  }, { '/c/missing': 'child', '/missing': 'root' })
})

t.test('addHook: a missing handler is refused at once, and no hook is accepted after start', async (t) => {
  await agree(t, 'a missing handler, whatever the name', async (make) => {
    const results: string[] = []
    for (const args of [['preParsing'], ['preHandler', null], ['onClose', undefined], ['onReady', null], ['no-such-hook'], [1]]) {
      const app = make()
      try {
        app.addHook(...args)
        results.push('accepted')
      } catch (error) {
        results.push(describe(error))
      }
      await app.ready().then(() => { results.push('ready') }, (error: unknown) => { results.push(`ready: ${describe(error)}`) })
    }
    return results
  }, [
    'FST_ERR_HOOK_INVALID_HANDLER: preParsing hook should be a function, instead got undefined', 'ready',
    'FST_ERR_HOOK_INVALID_HANDLER: preHandler hook should be a function, instead got null', 'ready',
    'FST_ERR_HOOK_INVALID_HANDLER: onClose hook should be a function, instead got undefined', 'ready',
    'FST_ERR_HOOK_INVALID_HANDLER: onReady hook should be a function, instead got null', 'ready',
    'FST_ERR_HOOK_INVALID_HANDLER: no-such-hook hook should be a function, instead got undefined', 'ready',
    'FST_ERR_HOOK_INVALID_HANDLER: 1 hook should be a function, instead got undefined', 'ready'
  ])
  await agree(t, 'application hooks after ready()', async (make) => {
    const app = make()
    await app.ready()
    const results: string[] = []
    for (const name of ['onReady', 'onClose', 'onListen', 'preClose', 'onRoute', 'onRequest']) {
      try {
        app.addHook(name, () => {})
        results.push('accepted')
      } catch (error) {
        results.push(describe(error))
      }
    }
    await app.close()
    return results
  }, Array(6).fill('FST_ERR_INSTANCE_ALREADY_LISTENING: Fastify instance is already listening. Cannot call "addHook"!'))
})

t.test('inside an onReady hook, decorators, application hooks and settings are still accepted; after it, refused', async (t) => {
  await agree(t, 'calls made from an onReady hook, then after ready()', async (make) => {
    const app = make()
    const during: string[] = []
    const calls: Array<[string, (app: any) => void]> = [
      ['decorate', (app) => app.decorate(`d${during.length}`, 1)],
      ['decorateRequest', (app) => app.decorateRequest(`r${during.length}`, null)],
      ['onReady hook', (app) => app.addHook('onReady', async () => { during.push('late onReady ran') })],
      ['setErrorHandler', (app) => app.setErrorHandler(() => {})],
      ['addSchema', (app) => app.addSchema({ $id: `s${during.length}` })],
      ['addContentTypeParser', (app) => app.addContentTypeParser(`x/y${during.length}`, (_r: any, _p: any, done: any) => { done(null) })]
    ]
    app.addHook('onReady', function (done: () => void) {
      for (const [name, call] of calls) {
        try {
          call(app)
          during.push(`${name} accepted`)
        } catch (error: any) {
          during.push(`${name} ${String(error.code)}`)
        }
      }
      done()
    })
    await app.ready()
    const after: string[] = []
    for (const [name, call] of calls) {
      try {
        call(app)
        after.push(`${name} accepted`)
      } catch (error: any) {
        after.push(`${name} ${String(error.code)}`)
      }
    }
    await app.close()
    return { during, after, decorated: app.hasDecorator('d0') }
  }, {
    during: ['decorate accepted', 'decorateRequest accepted', 'onReady hook accepted', 'setErrorHandler accepted', 'addSchema accepted', 'addContentTypeParser accepted'],
    after: ['decorate FST_ERR_DEC_AFTER_START', 'decorateRequest FST_ERR_DEC_AFTER_START', 'onReady hook FST_ERR_INSTANCE_ALREADY_LISTENING', 'setErrorHandler FST_ERR_INSTANCE_ALREADY_LISTENING', 'addSchema FST_ERR_INSTANCE_ALREADY_LISTENING', 'addContentTypeParser FST_ERR_CTP_INSTANCE_ALREADY_STARTED'],
    decorated: true
  })
})

t.test('ready(): callbacks and promises settle in the order ready() was called, and a callback gets the instance', async (t) => {
  for (const failing of [false, true]) {
    for (const callbackFirst of [true, false]) {
      await agree(t, `${failing ? 'a failing' : 'a clean'} start, ${callbackFirst ? 'callback' : 'promise'} first`, async (make) => {
        const app = make()
        if (failing) app.register((_instance: any, _options: any, done: (error?: Error) => void) => { setTimeout(() => { done(new Error('no start')) }, 20) })
        const order: number[] = []
        for (const id of [1, 2, 3, 4, 5, 6]) {
          if ((id % 2 === 1) === callbackFirst) app.ready(() => order.push(id))
          else app.ready().then(() => order.push(id), () => order.push(id))
        }
        await app.ready().catch(() => {})
        await new Promise((resolve) => setTimeout(resolve, 5))
        return order
      }, [1, 2, 3, 4, 5, 6])
    }
  }
  await agree(t, 'the arguments of the callback', async (make) => {
    const results: unknown[] = []
    for (const failing of [false, true]) {
      const app = make()
      if (failing) app.register(async () => { throw new Error('no start') })
      results.push(await new Promise((resolve) => {
        app.ready(function (this: unknown, ...args: unknown[]) {
          resolve([args.length, args[0] === null ? null : String(args[0]), args[1] === app])
        })
      }))
    }
    return results
  }, [[2, null, true], [1, 'Error: no start', false]])
})

t.test('ready() on a child instance while the plugins load settles as the plugins have loaded: its callback before the onReady hooks run', async (t) => {
  await agree(t, 'the order', async (make) => {
    const app = make()
    const log: string[] = []
    app.register(async (instance: any) => {
      instance.ready(() => log.push('child ready'))
      instance.addHook('onReady', async () => { log.push('child onReady') })
      await instance.register(async (sub: any) => {
        sub.ready(() => log.push('grandchild ready'))
        sub.addHook('onReady', async () => { log.push('grandchild onReady') })
      })
      log.push('plugin loaded')
    })
    app.addHook('onReady', async () => { log.push('root onReady') })
    await app.ready()
    log.push('ready')
    return log
  }, ['plugin loaded', 'child ready', 'grandchild ready', 'root onReady', 'child onReady', 'grandchild onReady', 'ready'])
})

t.test('listeningOrigin names https when the https option is set', async (t) => {
  await agree(t, 'https: {} and no https', async (make) => {
    const origins: string[] = []
    for (const options of [{ https: {} }, {}]) {
      const app = make(options)
      await app.listen({ port: 0, host: '127.0.0.1' })
      origins.push(app.listeningOrigin.replace(/:\d+$/, ':PORT'))
      await app.close()
    }
    return origins
  }, ['https://127.0.0.1:PORT', 'http://127.0.0.1:PORT'])
})

t.test('`this` in an onClose hook is the instance that added it', async (t) => {
  await agree(t, 'root and child', async (make) => {
    const app = make()
    let seen: unknown[] = []
    app.addHook('onClose', function (this: unknown, instance: unknown, done: () => void) { seen.push(['root', this === app, instance === app]); done() })
    app.register(async (child: any) => {
      child.addHook('onClose', async function (this: unknown, instance: unknown) { seen.push(['child', this === child, instance === child]) })
    })
    await app.ready()
    seen = []
    await app.close()
    return seen
  }, [['child', true, true], ['root', true, true]])
})
