'use strict'
// A document intake service in plain JavaScript (CommonJS), written as a Fastify v5 user writes one:
// @fastify/multipart uploads kept in memory (request.file(), request.parts(), its limits answering
// 413), @fastify/formbody, content-type parsers of its own (a string parser, a buffer parser, a
// regular expression for vendor JSON types), a body limit per route, a preParsing hook that
// inflates gzip request bodies, and onSend hooks that rewrite what a route answers.
const zlib = require('node:zlib')
const { createHash } = require('node:crypto')
const { Transform } = require('node:stream')
const Fastify = require('fastify')
const multipart = require('@fastify5/multipart')
const formbody = require('@fastify5/formbody')

function sha256 (bytes) {
  return createHash('sha256').update(bytes).digest('hex')
}

/** Counts the bytes that came over the wire, as Fastify asks of a preParsing hook that changes the body. */
function counted (payload) {
  let received = 0
  const inflate = zlib.createGunzip()
  const counter = new Transform({
    transform (chunk, encoding, callback) {
      received += chunk.length
      callback(null, chunk)
    },
    flush (callback) {
      inflated.receivedEncodedLength = received
      callback()
    }
  })
  const inflated = payload.pipe(counter).pipe(inflate)
  counter.on('error', (error) => inflated.destroy(error))
  return inflated
}

async function build (options = {}) {
  const app = Fastify(options)

  await app.register(formbody)
  await app.register(multipart, { limits: { fileSize: 64 * 1024, files: 2, fields: 5 } })

  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (request, body, done) => {
    const [head, ...rows] = body.trim().split('\n')
    const names = head.split(',')
    done(null, rows.map((row) => Object.fromEntries(row.split(',').map((value, i) => [names[i], value]))))
  })
  app.addContentTypeParser(/^application\/vnd\.intake\.[a-z]+\+json$/, { parseAs: 'string' }, (request, body, done) => {
    try {
      done(null, { kind: request.headers['content-type'].split('.')[2].split('+')[0], ...JSON.parse(body) })
    } catch (error) {
      error.statusCode = 400
      done(error, undefined)
    }
  })
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: 128 * 1024 }, (request, body, done) => {
    done(null, body)
  })

  app.addHook('preParsing', async (request, reply, payload) => {
    if (request.headers['content-encoding'] !== 'gzip') return payload
    return counted(payload)
  })

  app.post('/documents', async (request, reply) => {
    const data = await request.file()
    if (data === undefined) return reply.code(400).send({ error: 'no file' })
    const bytes = await data.toBuffer()
    const fields = {}
    for (const [name, field] of Object.entries(data.fields)) if (field.type === 'field') fields[name] = field.value
    return reply.code(201).send({ field: data.fieldname, filename: data.filename, type: data.mimetype, bytes: bytes.length, sha256: sha256(bytes), fields })
  })

  app.post('/batches', async (request) => {
    const seen = []
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer()
        seen.push({ file: part.filename, bytes: bytes.length })
      } else {
        seen.push({ field: part.fieldname, value: part.value })
      }
    }
    return { parts: seen }
  })

  app.post('/forms', async (request) => ({ form: request.body }))
  app.post('/people', async (request) => ({ people: request.body }))
  app.post('/events', async (request) => ({ event: request.body }))
  app.post('/blobs', async (request) => ({ bytes: request.body.length, sha256: sha256(request.body) }))
  app.post('/notes', { bodyLimit: 256 }, async (request) => ({ note: request.body }))

  app.register(async (shouting) => {
    // Everything this plugin answers as text is upper-cased, and marked.
    shouting.addHook('onSend', async (request, reply, payload) => {
      reply.header('x-shouted', 'yes')
      return typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/plain') ? payload.toUpperCase() : payload
    })
    shouting.post('/echo', async (request, reply) => {
      reply.type('text/plain; charset=utf-8')
      return typeof request.body === 'string' ? request.body : JSON.stringify(request.body)
    })
    shouting.get('/json', async () => ({ quiet: 'words' }))
  }, { prefix: '/shout' })

  app.register(async (wrapped) => {
    // Answers of this plugin are sent as Buffers, with a digest of what is sent.
    wrapped.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string') return payload
      const bytes = Buffer.from(payload)
      reply.header('x-digest', sha256(bytes).slice(0, 16))
      return bytes
    })
    wrapped.get('/report', async () => ({ lines: 3, ok: true }))
  }, { prefix: '/wrapped' })

  return app
}

module.exports = { build }
