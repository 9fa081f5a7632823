// `require('fastify/lib/reply')` builds a reply detached from any route (NestJS's adapter does):
// its `then` settles once the response is written, rejects with the error the response was
// destroyed with, and without a rejection callback warns in Fastify's words, on both faces as on
// fastify@4.29.1 and fastify@5.12.8.
import { test } from 'tap'
import { createRequire } from 'node:module'
import { Writable } from 'node:stream'

const require = createRequire(import.meta.url)

function sink (): Writable {
  return new Writable({ write (_chunk, _encoding, done) { done() } })
}

async function thenOfDetached (Reply: any): Promise<string[]> {
  const seen: string[] = []
  const finished = sink()
  await new Promise<void>((resolve) => {
    new Reply(finished, {}, {}).then(() => { seen.push('fulfilled'); resolve() }, () => { seen.push('rejected') })
    finished.end('x')
  })
  const failed = sink()
  await new Promise<void>((resolve) => {
    new Reply(failed, {}, {}).then(() => { seen.push('fulfilled') }, (error: Error) => { seen.push(`rejected: ${error.message}`); resolve() })
    failed.destroy(new Error('kaboom'))
  })
  const unheard = sink()
  const reply = new Reply(unheard, {}, {})
  await new Promise<void>((resolve) => {
    reply.log = { warn (message: unknown) { seen.push(`warn: ${String(message)}`); resolve() } }
    reply.then(() => { seen.push('fulfilled') })
    unheard.destroy(new Error('kaboom'))
  })
  return seen
}

const pairs: Array<[string, string]> = [['fastify4', '@enclave/fastify4'], ['fastify5', '@enclave/fastify']]

for (const [fastify, face] of pairs) {
  test(`${face}: then() on a detached reply, as ${fastify}'s`, async (t) => {
    const expected = await thenOfDetached(require(`${fastify}/lib/reply`))
    t.same(expected, ['fulfilled', 'rejected: kaboom', 'warn: unhandled rejection on reply.then'])
    t.same(await thenOfDetached(require(`${face}/lib/reply`)), expected)
  })
}

/** A route's reply awaited without a rejection callback, its response destroyed with an error: the log lines. */
async function thenOfRouteReply (factory: any): Promise<string[]> {
  const lines: string[] = []
  const app = factory({ logger: { level: 'warn', stream: { write: (line: string) => { const entry = JSON.parse(line); lines.push(`${String(entry.level)} ${String(entry.msg)}`) } } } })
  app.get('/', (_request: unknown, reply: any) => {
    reply.then(() => { lines.push('fulfilled') })
    reply.raw.destroy(new Error('kaboom'))
  })
  await app.inject('/').catch((error: Error) => { lines.push(`rejected: ${error.message}`) })
  await app.close()
  return lines
}

for (const [fastify, face] of pairs) {
  test(`${face}: then() on a route's reply without a rejection callback warns as ${fastify}`, async (t) => {
    const expected = await thenOfRouteReply(require(fastify))
    t.same(expected, ['50 request errored', '40 unhandled rejection on reply.then', 'rejected: kaboom'])
    t.same(await thenOfRouteReply(require(face)), expected)
  })
}
