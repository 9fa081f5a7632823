// Every plugin against the spec's encapsulation rules, table-driven over real sockets. Each plugin is
// installed in the same place of the same tree, either in a context of its own or inside a plugin
// wrapped by @enclave/plugin or by the real fastify-plugin:
//
//   root                     GET|POST /root
//   ├── parent               GET|POST /parent
//   │   ├── target           GET|POST /parent/target        ← the plugin is installed here
//   │   │   └── descendant   GET|POST /parent/target/deep
//   │   └── sibling          GET|POST /parent/sibling
//   └── uncle                GET|POST /uncle
//
// In a context of its own the plugin affects target and descendant only (rules 1–5); inside a
// wrapped plugin, target is no context of its own, so the plugin affects the whole parent (rule 6).
import t from 'tap'
import enclave from '@enclave/core'
import type { EnclaveInstance, EnclaveReply, EnclaveRequest } from '@enclave/core'
import enclavePlugin from '@enclave/plugin'
import fastifyPlugin from 'fastify-plugin'
import bearerAuth from '@enclave/bearer-auth'
import errorMessage from '@enclave/error-message'
import { start } from './helpers/listen.js'
import type { Client } from './helpers/listen.js'

type Install = (instance: EnclaveInstance) => Promise<void>

interface Effect {
  name: string
  install: Install
  /** Whether the plugin acted on the route at `path`, judged by what a client receives. */
  affects: (client: Client, path: string) => Promise<boolean>
}

const effects: Effect[] = [
  {
    name: '@enclave/bearer-auth',
    install: async (instance) => { await instance.register(bearerAuth, { keys: ['k'] }) },
    async affects (client, path) {
      const refused = await client.request(path)
      if (refused.status === 200) return false
      if (refused.status !== 401 || refused.headers.get('www-authenticate') === null) throw new Error(`${path}: unexpected ${refused.status} ${refused.text}`)
      const accepted = await client.request(path, { headers: { authorization: 'Bearer k' } })
      if (accepted.status !== 200) throw new Error(`${path}: the key was refused: ${accepted.status}`)
      return true
    }
  },
  {
    name: '@enclave/error-message',
    install: async (instance) => { await instance.register(errorMessage) },
    // The plugin turns on allErrors where it is registered: both missing properties are reported.
    async affects (client, path) {
      const { status, json } = await client.request(path, { body: {} })
      if (status !== 400) throw new Error(`${path}: unexpected ${status}`)
      if (json.message === "body should have required property 'a'") return false
      if (json.message === "body should have required property 'a', body should have required property 'b'") return true
      throw new Error(`${path}: unexpected message ${String(json.message)}`)
    }
  },
  {
    name: 'a decorator and a hook',
    async install (instance) {
      instance.decorateRequest('probe', 'decorated')
      instance.addHook('onRequest', async function markReply (request: EnclaveRequest, reply: EnclaveReply) { reply.header('x-probe', 'hooked') })
    },
    async affects (client, path) {
      const { status, json, headers } = await client.request(path)
      if (status !== 200) throw new Error(`${path}: unexpected ${status}`)
      const decorated = json.probe === 'decorated'
      const hooked = headers.get('x-probe') === 'hooked'
      if (decorated !== hooked) throw new Error(`${path}: the decorator (${String(decorated)}) and the hook (${String(hooked)}) disagree`)
      return decorated
    }
  }
]

type Wrap = (fn: Install) => Install
const containers: Array<[string, Wrap | null]> = [
  ['a context of its own', null],
  ['a plugin wrapped with @enclave/plugin', (fn) => enclavePlugin(fn, { name: 'target' })],
  ['a plugin wrapped with fastify-plugin', (fn) => fastifyPlugin(fn as any, { name: 'target' })]
]

const paths = ['/root', '/parent', '/parent/target', '/parent/target/deep', '/parent/sibling', '/uncle'] as const

function report (request: EnclaveRequest): unknown {
  return { probe: (request as unknown as { probe?: string }).probe ?? null }
}

function addRoute (instance: EnclaveInstance, url: string): void {
  instance.get(url, report)
  instance.post(url, { schema: { body: { type: 'object', required: ['a', 'b'] } } }, report)
}

function buildTree (effect: Effect, wrap: Wrap | null): EnclaveInstance {
  const app = enclave()
  addRoute(app, '/root')
  const target: Install = async function target (instance) {
    await effect.install(instance)
    addRoute(instance, '/parent/target')
    instance.register(async function descendant (deep) { addRoute(deep, '/parent/target/deep') })
  }
  app.register(async function parent (instance) {
    addRoute(instance, '/parent')
    instance.register(wrap === null ? target : wrap(target))
    instance.register(async function sibling (child) { addRoute(child, '/parent/sibling') })
  })
  app.register(async function uncle (instance) { addRoute(instance, '/uncle') })
  return app
}

for (const effect of effects) {
  for (const [where, wrap] of containers) {
    const rule = wrap === null
      ? 'encapsulation rules 1–5: it affects that context and its descendants, not the parent, a sibling or the root'
      : 'encapsulation rule 6: it affects the wrapper\'s parent context and all its descendants, not the root or the parent\'s sibling'
    t.test(`${effect.name} registered in ${where} — ${rule}`, async (t) => {
      const client = await start(t, buildTree(effect, wrap))
      const affected: string[] = []
      for (const path of paths) if (await effect.affects(client, path)) affected.push(path)
      t.strictSame(affected, wrap === null
        ? ['/parent/target', '/parent/target/deep']
        : ['/parent', '/parent/target', '/parent/target/deep', '/parent/sibling'])
    })
  }
}
