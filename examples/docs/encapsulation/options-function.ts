import enclave, { type EnclaveInstance } from '@enclave/core'
import plugin from '@enclave/plugin'

const app = enclave()

// Wrapped, so `db` is decorated on the root rather than in a context of its own.
const dbPlugin = plugin(async function dbPlugin (instance) {
  instance.decorate('db', { users: ['ada', 'grace'] })
}, { name: 'db' })

async function usersPlugin (instance: EnclaveInstance, options: { db: { users: string[] } }) {
  instance.get('/users', async () => options.db.users)
}

app.register(dbPlugin)                                   // decorates app.db
// Called with the plugin's own instance, which inherits app.db.
app.register(usersPlugin, (instance) => ({ db: (instance as any).db }))

console.log((await app.inject('/users')).json()) // [ 'ada', 'grace' ]

export default app
