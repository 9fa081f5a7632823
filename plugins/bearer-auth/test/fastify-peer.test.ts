// On the Fastify faces the plugin stands in for @fastify/bearer-auth: each malformed or refused
// Authorization header gets the peer's status, body and content type (10 on fastify@5.12.8, 9 on
// fastify@4.29.1). The one header it adds is RFC 6750's challenge, checked here too; without it
// (`wwwAuthenticate: false`) the answers are the peer's.
import { createRequire } from 'node:module'
import t from 'tap'
import fastify5Face from '@enclave/fastify'
import fastify4Face from '@enclave/fastify4'
import bearerAuth from '@enclave/bearer-auth'

// The baselines are untyped CommonJS packages, loaded as a Fastify app would load them.
const require = createRequire(import.meta.url)
type Factory = (options?: object) => any

interface Case { authorization: string | undefined, challenge: string | null }

const noErrorCode = 'Bearer realm="api"'
const invalidRequest = 'Bearer realm="api", error="invalid_request"'
const invalidToken = 'Bearer realm="api", error="invalid_token"'

const cases: Case[] = [
  { authorization: undefined, challenge: noErrorCode },
  { authorization: '', challenge: noErrorCode },
  { authorization: 'Basic dXNlcjpwYXNz', challenge: noErrorCode },
  { authorization: 'key', challenge: noErrorCode },
  { authorization: 'Bearerkey', challenge: noErrorCode },
  { authorization: 'Bearer', challenge: invalidRequest },
  { authorization: 'Bearer   ', challenge: invalidRequest },
  { authorization: 'bearer key', challenge: invalidRequest },
  { authorization: 'Bearer\tkey', challenge: invalidRequest },
  { authorization: 'Bearer nope', challenge: invalidToken },
  { authorization: 'Bearer key extra', challenge: invalidToken },
  { authorization: 'Bearer key', challenge: null },
  { authorization: 'Bearer   key  ', challenge: null }
]

interface Answer { status: number, body: string, contentType: unknown, challenge: unknown }

async function answers (factory: Factory, plugin: unknown, options: object = {}): Promise<Answer[]> {
  const app = factory({ logger: false })
  await app.register(plugin, { keys: new Set(['key']), ...options })
  app.get('/', async () => ({ ok: true }))
  await app.ready()
  const found: Answer[] = []
  for (const { authorization } of cases) {
    const response = await app.inject({ url: '/', headers: authorization === undefined ? {} : { authorization } })
    found.push({ status: response.statusCode, body: response.body, contentType: response.headers['content-type'], challenge: response.headers['www-authenticate'] })
  }
  await app.close()
  return found
}

const pairs: Array<[string, Factory, string, unknown]> = [
  ['@enclave/fastify', fastify5Face as unknown as Factory, '@fastify/bearer-auth 10 on fastify@5.12.8', require('@fastify5/bearer-auth')],
  ['@enclave/fastify4', fastify4Face as unknown as Factory, '@fastify/bearer-auth 9 on fastify@4.29.1', require('@fastify/bearer-auth')]
]
const baselines: Record<string, Factory> = { '@enclave/fastify': require('fastify5'), '@enclave/fastify4': require('fastify4') }

for (const [face, factory, peerName, peer] of pairs) {
  t.test(`${face}: status, body and content type as ${peerName}; the challenge RFC 6750 asks for`, async (t) => {
    const ours = await answers(factory, bearerAuth)
    const theirs = await answers(baselines[face]!, peer)
    cases.forEach(({ authorization, challenge }, i) => {
      const name = JSON.stringify(authorization ?? null)
      t.same({ status: ours[i]!.status, body: ours[i]!.body, contentType: ours[i]!.contentType },
        { status: theirs[i]!.status, body: theirs[i]!.body, contentType: theirs[i]!.contentType }, name)
      t.equal(theirs[i]!.challenge, undefined, `${name}: the peer sends no challenge`)
      t.equal(ours[i]!.challenge ?? null, challenge, `${name}: our challenge`)
    })
    t.same(await answers(factory, bearerAuth, { wwwAuthenticate: false }), theirs, 'wwwAuthenticate: false answers as the peer, header for header')
  })
}
