import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import rateLimit from '@fastify/rate-limit'
import jwt from '@fastify/jwt'
import etag from '@fastify/etag'
import multipart from '@fastify/multipart'
import compress from '@fastify/compress'
import swagger from '@fastify/swagger'
import { readFile } from 'node:fs/promises'
import type { EnclaveInstance } from '@enclave/core'

const jwtSecret = 'suite-jwt-secret'

// The plugins decorate Fastify's request and reply types, not Enclave's: the shapes used here.
interface CookieRequest { cookies: Record<string, string | undefined>, unsignCookie: (value: string) => { value: string | null } }
interface CookieReply { setCookie: (name: string, value: string, options?: object) => CookieReply, send: (payload: unknown) => unknown }
interface JwtRequest { jwtVerify: () => Promise<{ sub: string }> }
interface JwtReply { jwtSign: (payload: object, options?: object) => Promise<string> }
interface UploadedFile { fieldname: string, filename: string, mimetype: string, toBuffer: () => Promise<Buffer>, fields: Record<string, { value?: unknown } | undefined> }
interface MultipartRequest { file: () => Promise<UploadedFile>, saveRequestFiles: () => Promise<Array<{ filename: string, filepath: string }>> }
interface AttachedField { value?: unknown, filename?: string, mimetype?: string, toBuffer?: () => Promise<Buffer> }

/**
 * The official plugins a Worker can run (no socket, no file system), each in its own context under
 * /more, answering what the cross-runtime suite asks of them on Node, Bun and Deno.
 */
export function registerWorkerPlugins (app: EnclaveInstance): void {
  app.register(async function cookies (scope) {
    await scope.register(cookie, { secret: 'suite-cookie-secret' })
    scope.get('/cookie/set', async (_request, reply) => (reply as unknown as CookieReply)
      .setCookie('flavour', 'oat', { path: '/', httpOnly: true })
      .setCookie('signed', 'yes', { signed: true })
      .send({ ok: true }))
    scope.get('/cookie/read', async (request) => {
      const { cookies, unsignCookie } = request as unknown as CookieRequest
      return { flavour: cookies.flavour ?? null, signed: unsignCookie(cookies.signed ?? '').value }
    })
  }, { prefix: '/more' })

  app.register(async function forms (scope) {
    await scope.register(formbody)
    scope.post('/form', async (request) => request.body)
  }, { prefix: '/more' })

  app.register(async function limited (scope) {
    // No address reaches a Worker's app (request.ip is undefined): the runtime names the client in a header.
    await scope.register(rateLimit, { max: 2, timeWindow: 60_000, keyGenerator: (request: { headers: Record<string, unknown> }) => String(request.headers['cf-connecting-ip'] ?? 'anyone') })
    scope.get('/limited', async () => ({ ok: true }))
  }, { prefix: '/more' })

  app.register(async function tokens (scope) {
    await scope.register(jwt, { secret: jwtSecret })
    scope.get('/jwt/sign', async (_request, reply) => ({ token: await (reply as unknown as JwtReply).jwtSign({ sub: 'ada' }, { noTimestamp: true }) }))
    scope.get('/jwt/me', async (request) => ({ sub: (await (request as unknown as JwtRequest).jwtVerify()).sub }))
  }, { prefix: '/more' })

  app.register(async function tagged (scope) {
    await scope.register(etag)
    scope.get('/etag', async () => ({ tagged: true }))
  }, { prefix: '/more' })

  app.register(async function uploads (scope) {
    await scope.register(multipart)
    scope.post('/upload', async (request) => {
      const file = await (request as unknown as MultipartRequest).file()
      const content = (await file.toBuffer()).toString('utf8')
      return { field: file.fieldname, filename: file.filename, mimetype: file.mimetype, content, note: file.fields.note?.value ?? null }
    })
    // Temporary files: workerd's node:fs keeps them in memory, under /tmp.
    scope.post('/upload-saved', async (request) => {
      const [saved] = await (request as unknown as MultipartRequest).saveRequestFiles()
      return { filename: saved!.filename, content: await readFile(saved!.filepath, 'utf8') }
    })
  }, { prefix: '/more' })

  app.register(async function attachedUploads (scope) {
    await scope.register(multipart, { attachFieldsToBody: true })
    scope.post('/upload-attached', async (request) => {
      const { doc, note } = request.body as Record<string, AttachedField>
      return { filename: doc!.filename, mimetype: doc!.mimetype, content: (await doc!.toBuffer!()).toString('utf8'), note: note!.value }
    })
  }, { prefix: '/more' })

  app.register(async function compressed (scope) {
    await scope.register(compress, { threshold: 16 })
    scope.get('/compressed', async () => ({ text: 'compress me '.repeat(20) }))
  }, { prefix: '/more' })

  app.register(async function documented (scope) {
    await scope.register(swagger, { openapi: { info: { title: 'worker', version: '1.0.0' } } })
    scope.get('/documented/:id', { schema: { params: { type: 'object', properties: { id: { type: 'integer' } } } } }, async (request) => ({ id: (request.params as { id: number }).id }))
    scope.get('/docs/json', async () => (scope as unknown as { swagger: () => unknown }).swagger())
  }, { prefix: '/more' })
}
