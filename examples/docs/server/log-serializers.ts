import enclave from '@enclave/core'

const app = enclave({ logger: true })

app.get('/me', {
  logSerializers: { user: (user: { name: string, password: string }) => ({ name: user.name }) }
}, async (request) => {
  request.log.info({ user: { name: 'ann', password: 'secret' } }, 'signed in') // "user":{"name":"ann"}
  return 'ok'
})

app.register(async (admin) => {
  admin.get('/admin', async (request) => {
    request.log.info({ user: { name: 'bob', password: 'secret' } }, 'admin') // "user":"bob"
    return 'ok'
  })
}, { logSerializers: { user: (user: { name: string }) => user.name } })

export default app
