import enclave from '@enclave/core'
import bearerAuth from '@enclave/bearer-auth'

// decorate() returns the instance typed with the decoration, so plugins registered on it see it.
const app = enclave().decorate('appName', 'demo')

// Everything registered inside this plugin applies to its routes only.
app.register(async function adminRoutes (admin) {
  await admin.register(bearerAuth, { keys: [process.env.ADMIN_KEY ?? 'dev-key'] })
  admin.get('/stats', async () => ({ app: admin.appName, uptime: process.uptime() }))
}, { prefix: '/admin' })

app.get('/health', async () => ({ ok: true }))

export default app
