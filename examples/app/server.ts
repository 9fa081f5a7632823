import { buildApp } from './app.js'

/** `npm start`: the example API on 127.0.0.1:3000 (PORT / HOST / API_KEY override). */
const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '127.0.0.1'
// For local use only: set API_KEY in any shared environment.
const apiKey = process.env.API_KEY ?? 'local-dev-key'
const pretty = process.env.NODE_ENV !== 'production' && process.stdout.isTTY === true

const app = buildApp({
  apiKeys: [apiKey],
  logger: pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : true
})

const address = await app.listen({ port, host })
const banner = [
  '',
  `Enclave example API listening on ${address}`,
  '',
  'Try:',
  `  curl ${address}/api/users`,
  `  curl ${address}/api/users/1`,
  `  curl -X POST ${address}/api/users -H 'content-type: application/json' -d '{"name":"Grace","email":"grace@example.com"}'`,
  `  curl -X POST ${address}/api/users -H 'content-type: application/json' -d '{"email":"no-name@example.com"}'`,
  `  curl -X POST ${address}/api/compilers/zod -H 'content-type: application/json' -d '{"name":"Zed","age":"x"}'`,
  `  curl ${address}/admin/stats`,
  `  curl ${address}/admin/stats -H 'authorization: Bearer ${apiKey === 'local-dev-key' ? apiKey : '$API_KEY'}'`,
  ''
]
console.log(banner.join('\n'))

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(() => process.exit(0), () => process.exit(1))
  })
}
