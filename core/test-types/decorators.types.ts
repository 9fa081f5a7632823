// Decorators typed where they are made, through chains and nested register(), and declaration
// merging as the fallback. Checked by tsc, never run.
import enclave, { type EnclaveInstance, type EnclavePluginAsync, type EnclaveReply, type EnclaveRequest } from '@enclave/core'
import { assertType, type Equal } from './expect.js'

interface Db { query: (sql: string) => Promise<unknown[]> }
interface User { id: number, name: string }
declare const db: Db

const app = enclave()
  .decorate('db', db)
  .decorate('startedAt', { getter: () => new Date() })
  .decorateRequest('user', null as User | null)
  .decorateRequest('placeholder', null)
  .decorateRequest('locale', 'en')
  .decorateReply('sendUser', function sendUser (this: unknown, user: User) { return user.name })

assertType<Equal<typeof app.db, Db>>()
// A getter/setter pair is typed as what the getter returns.
assertType<Equal<typeof app.startedAt, Date>>()

app.get('/me', async function me (request, reply) {
  // `this` is the instance the route was declared on.
  await this.db.query('select 1')
  assertType<Equal<typeof request.user, User | null>>()
  // A null placeholder says nothing about the value assigned later.
  assertType<Equal<typeof request.placeholder, unknown>>()
  const locale: string = request.locale
  reply.sendUser({ id: 1, name: 'a' })
  // Decorations survive code().
  reply.code(200).sendUser({ id: 1, name: 'a' })
  // @ts-expect-error not a decoration
  request.usr
  return locale
})

// The parent's decorations flow into registered plugins, nested as deep as they go.
app.register(async function child (instance, options) {
  assertType<Equal<typeof instance.db, Db>>()
  assertType<Equal<typeof options.level, number>>()
  const grandchild = instance.decorate('cache', new Map<string, string>())
  grandchild.register(async function grandChild (inner) {
    inner.cache.set('k', 'v')
    await inner.db.query('select 2')
    inner.addHook('preHandler', async (request, reply) => {
      const user: User | null = request.user
      reply.sendUser(user ?? { id: 0, name: 'guest' })
    })
    inner.get('/deep', async (request) => request.user?.name)
  })
  // @ts-expect-error a child's decoration is not its parent's (nor, in types, a sibling's)
  instance.cache
}, { level: 1 })

// A plugin written on its own states the decorations it needs; any parent that has them fits.
const needsDb: EnclavePluginAsync<{ table: string }, EnclaveInstance & { db: Db }> = async (instance, options) => {
  await instance.db.query(`select * from ${options.table}`)
}
app.register(needsDb, { table: 'users' })
// @ts-expect-error the plain root instance has no `db`
enclave().register(needsDb, { table: 'users' })
// @ts-expect-error options are checked
app.register(needsDb, { table: 1 })

// A decorated instance, request and reply pass where plain ones are expected.
function logWith (instance: EnclaveInstance, request: EnclaveRequest, reply: EnclaveReply): void {
  instance.log.info({ url: request.url, status: reply.statusCode })
}
app.get('/plain-helpers', async function handler (request, reply) {
  logWith(this, request, reply)
  logWith(app, request, reply.code(201))
})

// ready() resolves to the decorated instance.
async function afterReady (): Promise<void> {
  const ready = await app.ready()
  await ready.db.query('select 3')
}

// Decorations made as statements are not seen by the variable's type: chain them, or declare them.
const plain = enclave()
plain.decorate('later', 1)
// @ts-expect-error not declared, and `plain` was typed before the decoration
plain.later

// Declaration merging, for decorations made in one plugin and used in another.
declare module '@enclave/core' {
  interface EnclaveInstanceDecorations {
    typeTestConfig: { port: number }
  }
  interface EnclaveRequestDecorations {
    typeTestSession?: { id: string }
  }
  interface FastifyReply {
    typeTestFlag?: boolean
  }
}
plain.decorate('typeTestConfig', { port: 1 })
// @ts-expect-error a declared decoration's value is checked
plain.decorate('typeTestConfig', { port: 'one' })
// A null placeholder is allowed for a declared request decoration.
plain.decorateRequest('typeTestSession', null)
plain.get('/merged', async function merged (request, reply) {
  const port: number = this.typeTestConfig.port
  const session: string | undefined = request.typeTestSession?.id
  const flag: boolean | undefined = reply.typeTestFlag
  return { port, session, flag }
})

// Request and reply decorations are shared by every request: an object value is refused (the
// runtime throws FST_ERR_DEC_REFERENCE_TYPE); functions, primitives and accessors are fine.
// @ts-expect-error an object on the request prototype would be shared state
enclave().decorateRequest('bag', { items: [] })
// @ts-expect-error so would an array
enclave().decorateReply('list', [1, 2])
enclave().decorateRequest('fn', () => 1).decorateRequest('count', 0).decorateRequest('lazy', { getter: () => ({ items: [] }) })

// Names of the API are not decorations.
// @ts-expect-error `get` is a method of the instance
enclave().decorate('get', 1)

// getDecorator reads a typed decoration by name.
const fromGetter: Db = app.getDecorator('db')

export { afterReady, fromGetter }
