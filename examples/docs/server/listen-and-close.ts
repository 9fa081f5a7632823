import enclave from '@enclave/core'

const app = enclave({ logger: true })
app.get('/', async () => ({ hello: 'world' }))

const address = await app.listen({ port: Number(process.env.PORT ?? 3000), host: '127.0.0.1' })
console.log(address) // http://127.0.0.1:3000
// … later
await app.close()

export default app
