import enclave, { type EnclaveReply } from '@enclave/core'

interface User { id: number, name: string }
const db = { query: async (sql: string) => [sql] }

// #region chain
const app = enclave()
  .decorate('db', db)                                   // app.db: typeof db
  .decorate('startedAt', { getter: () => new Date() })  // app.startedAt: Date
  .decorateRequest('user', null as User | null)         // request.user: User | null
  .decorateReply('sendUser', function (this: EnclaveReply, user: User) { return this.send(user) })

app.register(async (child) => {
  await child.db.query('select 1')                       // the parent's decorations, typed
  child.get('/me', async (request, reply) => reply.sendUser(request.user ?? { id: 0, name: 'guest' }))
})
// #endregion chain

export default app
