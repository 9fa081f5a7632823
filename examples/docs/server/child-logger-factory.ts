import enclave from '@enclave/core'

const app = enclave({ logger: true })

app.register(async (traced) => {
  traced.setChildLoggerFactory(function (logger, bindings, options, raw) {
    return logger.child({ ...bindings, trace: raw.headers['x-trace-id'] }, options)
  })
  traced.get('/traced', async (request) => {
    request.log.info('handled') // {"reqId":"req-1","trace":"…","msg":"handled"}
    return 'ok'
  })
})

export default app
