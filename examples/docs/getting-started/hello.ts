import enclave from '@enclave/core'

const app = enclave({ logger: true })

app.get('/', async () => ({ hello: 'world' }))

await app.listen({ port: Number(process.env.PORT ?? 3000), host: '127.0.0.1' })

export default app
