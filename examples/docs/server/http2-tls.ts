import { readFileSync } from 'node:fs'
import enclave from '@enclave/core'

const app = enclave({
  http2: true,
  https: {
    key: readFileSync(new URL('./localhost-key.pem', import.meta.url)),
    cert: readFileSync(new URL('./localhost-cert.pem', import.meta.url)),
    allowHTTP1: true // HTTP/1.1 clients are answered on the same port
  }
})

app.get('/', async (request) => ({ protocol: request.protocol, httpVersion: request.raw.httpVersion }))

const address = await app.listen({ port: Number(process.env.PORT ?? 3443), host: '127.0.0.1' })
console.log(address) // https://127.0.0.1:3443

export default app
