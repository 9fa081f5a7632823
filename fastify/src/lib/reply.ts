import { baseReplyPrototypeOf, createReplyConstructor, fastify5Profile } from '@enclave/core/internal'

/**
 * `require('fastify/lib/reply')`: Fastify's Reply constructor. Its `prototype` is the one every
 * route's reply descends from, so a method added to it reaches every reply, as in Fastify;
 * `new Reply(res, request, log)` builds a reply detached from any route (NestJS's adapter does).
 */
const Reply = createReplyConstructor(baseReplyPrototypeOf(fastify5Profile))

export default Reply
export { Reply as 'module.exports' }
