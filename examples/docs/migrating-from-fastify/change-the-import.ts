// before: import Fastify from 'fastify'
import Fastify from '@enclave/core'

const app = Fastify({ logger: true })

app.get('/', async () => ({ hello: 'world' }))

export default app
