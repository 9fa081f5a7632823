import enclave, { type EnclaveInstance, type EnclavePluginAsync } from '@enclave/core'

interface Db { query (sql: string): Promise<unknown[]> }
const db: Db = { query: async (sql) => [sql] }
const app = enclave().decorate('db', db)

// #region inline
app.register(async (instance, options) => {
  instance.db           // Db, from the parent
  options.level         // number
}, { level: 1 })
// #endregion inline

// #region standalone
const users: EnclavePluginAsync<{ table: string }, EnclaveInstance & { db: Db }> = async (instance, options) => {
  await instance.db.query(`select * from ${options.table}`)
}
app.register(users, { table: 'users' })
// #endregion standalone

export default app
