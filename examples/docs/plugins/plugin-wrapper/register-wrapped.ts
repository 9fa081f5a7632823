import enclave from '@enclave/core'
import { databasePlugin as database } from './database.js'

const app = enclave()

app.register(database, { url: process.env.DATABASE_URL ?? 'postgres://localhost/app' })
app.register(async function routes (routes) {
  // `db` comes from a sibling plugin, so its type is not inferred here
  routes.get('/users', async () => (routes as any).db.query('select * from users'))  // db is visible: it is the root's
})

console.log((await app.inject('/users')).json()) // [ { id: 1, name: 'ada' } ]

export default app
