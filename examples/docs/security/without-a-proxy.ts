import enclave from '@enclave/core'

const app = enclave({
  requestTimeout: 30_000,    // a whole request, body included, within 30 s
  connectionTimeout: 60_000  // no silent socket lives longer than a minute
})

export default app
