// P1, the production-shaped app, for the Fastify-style peers (Enclave, Fastify 4/5 share the API).
import {
  productionApps, productionToken, productionRoutePath, productionParamsSchema, productionQuerySchema,
  productionResponseSchema, productionAccount, productionUser
} from '../scenarios.js'

/** Where every log line goes: a stream that drops it, so peers pay for formatting, not for I/O. */
export const discardingStream = { write: function discard () { return true } }

class UnauthorizedError extends Error {
  constructor () {
    super('missing or wrong bearer token')
    this.statusCode = 401
  }
}

async function authenticate (request) {
  if (request.headers.authorization !== productionToken) throw new UnauthorizedError()
}

async function api (instance) {
  instance.addHook('preHandler', async function loadAccount (request) {
    request.account = productionAccount
  })
  instance.get(productionRoutePath, {
    schema: { params: productionParamsSchema, querystring: productionQuerySchema, response: { 200: productionResponseSchema } }
  }, async function getUser (request) {
    return productionUser(request.params.id, request.query, request.account)
  })
}

export function buildProductionApp (factory, name) {
  const variant = productionApps[name]
  if (variant === undefined) throw new Error(`unknown app ${name}`)
  const options = { logger: variant.level === null ? false : { level: variant.level, stream: discardingStream } }
  // Only when on: fastify@5 deprecates the option, and warns even when it is given as false.
  if (variant.disableRequestLogging) options.disableRequestLogging = true
  const app = factory(options)
  app.decorateRequest('account', null)
  app.addHook('onRequest', authenticate)
  app.register(api)
  return app
}
