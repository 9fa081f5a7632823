import enclave from '@enclave/core'
import requestTimer from '../../plugins/request-timer.js'

const app = enclave()

app.register(requestTimer, { digits: 0 })   // every route of the application

app.get('/health', () => ({ up: true }))

console.log((await app.inject('/health')).headers['x-response-time']) // '0.42', say (milliseconds)

export default app
