import enclave from '@enclave/core'
import bearerAuth from '@enclave/bearer-auth'

const app = enclave()

app.register(async function privateApi (api) {
  await api.register(bearerAuth, { keys: ['dev-key'] })
  api.get('/status', { config: { bearerAuth: false } }, () => ({ ok: true }))
})

console.log((await app.inject('/status')).json()) // { ok: true }, without a key

export default app
