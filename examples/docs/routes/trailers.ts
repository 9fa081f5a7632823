import { createHash } from 'node:crypto'
import enclave from '@enclave/core'

const app = enclave()

app.get('/report', (request, reply) => {
  const started = performance.now()
  reply.trailer('server-timing', async () => `app;dur=${(performance.now() - started).toFixed(1)}`)
  reply.trailer('content-md5', (_reply, payload, done) => {
    done(null, createHash('md5').update(payload ?? '').digest('hex'))
  })
  reply.send('a long report')
})

const response = await app.inject('/report')
console.log(response.headers.trailer) // 'server-timing content-md5'
console.log(response.trailers['content-md5']) // 'e3ba4e1d7a6ab8adbff83ce9ea0b0bff'

export default app
