import enclave from '@enclave/core'

let webhook = 0
const app = enclave()

app.register(async (webhooks) => {
  webhooks.setGenReqId(() => `webhook-${++webhook}`)
  webhooks.post('/', async (request) => ({ id: request.id })) // { id: 'webhook-1' }
}, { prefix: '/webhooks' })

app.get('/', async (request) => ({ id: request.id })) // { id: 'req-1' }

export default app
