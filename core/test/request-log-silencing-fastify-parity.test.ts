import t from 'tap'
import { Readable } from 'node:stream'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'
import { captureLogs } from './fixtures/log-lines.js'

// Two lines Fastify writes about a failed answer, and what disableRequestLogging does to them: an
// error payload the route's response schema refuses, and a stream payload that fails once the head
// is out (Fastify 5's log controller silences its warning; Fastify 4.29 writes it whatever the option).

function brokenStream (): Readable {
  let reads = 0
  return new Readable({
    read () {
      reads++
      if (reads === 1) this.push('part')
      else if (reads === 2) setImmediate(() => this.destroy(new Error('stream broke')))
    }
  })
}

async function failureLines (factory: Factory, disableRequestLogging: boolean): Promise<unknown[]> {
  const { lines, stream } = captureLogs()
  const app = factory({ logger: { level: 'info', stream }, disableRequestLogging })
  const strict = { type: 'object', required: ['detail'], properties: { detail: { type: 'string' } } }
  app.get('/refused', { schema: { response: { 500: strict } } }, async () => { throw new Error('boom') })
  app.get('/stream', async (_request: any, reply: any) => reply.type('text/plain').send(brokenStream()))
  app.get('/after', async (request: any) => { request.log.warn('after'); return 'after' })
  const refused = await app.inject('/refused')
  await app.inject('/stream').catch(() => {})
  await app.inject('/after')
  await app.close()
  const seen = lines.filter((line) => line.level >= 40 && line.msg !== 'after').map((line) => {
    const { time: _time, pid: _pid, hostname: _hostname, ...kept } = line
    if (kept.err !== undefined) kept.err = { type: kept.err.type, message: kept.err.message }
    if (kept.req !== undefined) kept.req = kept.req.url
    return kept
  })
  return [refused.statusCode, refused.json().code, ...seen]
}

for (const [baseline, ...entries] of [faces, fastify5Faces]) {
  const [baseName, baseFactory] = baseline!
  for (const disableRequestLogging of [false, true]) {
    t.test(`a refused error payload and a failed stream are logged as ${baseName} logs them (disableRequestLogging: ${String(disableRequestLogging)})`, async (t) => {
      const expected = await failureLines(baseFactory, disableRequestLogging)
      const warned = expected.some((line: any) => line.msg === 'response terminated with an error with headers already sent')
      t.equal(warned, !disableRequestLogging || baseName === 'fastify@4.29.1', 'the stream failure warning')
      if (!disableRequestLogging) t.ok(expected.some((line: any) => line.msg === 'The serializer for the given status code failed' && line.statusCode === 500), 'Fastify names the status')
      for (const [name, factory] of entries) t.same(await failureLines(factory, disableRequestLogging), expected, name)
    })
  }
}

t.test('a LogController subclass is asked for both lines, as fastify@5.12.8 asks it', async (t) => {
  const [[, fastify5], [, v5Face]] = fastify5Faces
  async function asked (factory: Factory, LogController: any): Promise<string[]> {
    const calls: string[] = []
    class Recording extends LogController {
      serializerError (error: Error, _request: unknown, _reply: unknown, metadata: { statusCode: number }): void { calls.push(`serializerError ${error.message} ${metadata.statusCode}`) }
      streamError (error: Error): void { calls.push(`streamError ${error.message}`) }
    }
    const app = factory({ logController: new Recording() })
    app.get('/refused', { schema: { response: { 500: { type: 'object', required: ['detail'], properties: { detail: { type: 'string' } } } } } }, async () => { throw new Error('boom') })
    app.get('/stream', async (_request: any, reply: any) => reply.type('text/plain').send(brokenStream()))
    await app.inject('/refused')
    await app.inject('/stream').catch(() => {})
    await app.close()
    return calls
  }
  const expected = await asked(fastify5!, (await import('fastify5')).default.LogController)
  t.same(expected, ['serializerError "detail" is required! 500', 'streamError stream broke'])
  t.same(await asked(v5Face!, (await import('@enclave/fastify')).default.LogController), expected)
})
