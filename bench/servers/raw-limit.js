// Peer "raw-limit": node:http by hand with fast-json-stringify serializers and an Ajv validator
// compiled at start-up (Fastify's default Ajv options) — the floor a schema-driven framework can reach.
import fastJsonStringify from 'fast-json-stringify'
import Ajv from 'ajv'
import { createRawServer } from './raw-common.js'
import { portFromArgs, host, reportReady } from './harness.js'
import { itemSchema, itemResponseSchema, usersResponseSchema } from '../scenarios.js'

const ajv = new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: true, allErrors: false })
const server = createRawServer({
  hello: fastJsonStringify({ type: 'object', properties: { hello: { type: 'string' } } }),
  users: fastJsonStringify(usersResponseSchema),
  created: fastJsonStringify(itemResponseSchema),
  params: fastJsonStringify({ type: 'object', properties: { id: { type: 'string' }, sub: { type: 'string' } } }),
  validate: ajv.compile(itemSchema)
})
server.listen(portFromArgs(), host, function onListening () { reportReady('raw-limit', server.address().port) })
