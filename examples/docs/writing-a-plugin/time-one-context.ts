import enclave from '@enclave/core'
import requestTimer from '../../plugins/request-timer.js'

const app = enclave()

app.get('/health', () => ({ up: true }))    // not timed

app.register(async function api (api) {
  await api.register(requestTimer)          // only the routes of `api` and its descendants
  api.get('/users', () => [{ name: 'Ada' }])
})

console.log((await app.inject('/health')).headers['x-response-time']) // undefined
console.log((await app.inject('/users')).headers['x-response-time'])  // '0.42', say

export default app
