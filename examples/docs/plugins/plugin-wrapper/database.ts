import enclave, { type EnclaveInstance } from '@enclave/core'
import plugin from '@enclave/plugin'

// Stands in for a real database driver.
async function connect (url: string) {
  return { url, async query (sql: string) { return [{ id: 1, name: 'ada' }] }, async end () {} }
}

async function database (instance: EnclaveInstance, options: { url: string }): Promise<void> {
  const pool = await connect(options.url)
  instance.decorate('db', pool)
  instance.addHook('onClose', async () => pool.end())
}

// In a module of its own: `export default plugin(database, …)`.
export const databasePlugin = plugin(database, { name: 'database', fastify: '4.x' })

// Checked before the plugin runs: an app that registers it loads.
export default enclave().register(databasePlugin, { url: 'postgres://localhost/app' })
