// No key name turns bad input into a 5xx: every Object.prototype member name (and `prototype`,
// and `constructor.prototype` nesting) as a key of the body, the query, the headers, as a path
// parameter's value and as a parameter's own name, through every validator compiler on both
// entries. Each answer is 400 or 2xx, nothing is logged at error level, Object.prototype stays as
// it was. One server per (adapter, entry); the requests go over one keep-alive socket.
import t from 'tap'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import type { ValidatorCompiler } from '@enclave/core'
import * as zodCompilers from '@enclave/zod'
import * as joiCompilers from '@enclave/joi'
import * as yupCompilers from '@enclave/yup'
import * as standardCompilers from '@enclave/standard-schema'
import { z } from 'zod'
import Joi from 'joi'
import * as yup from 'yup'
import * as v from 'valibot'
import { enclaveFaces } from '../../core/test/fixtures/faces.js'

const prototypeNames = Object.getOwnPropertyNames(Object.prototype)
const names = [...prototypeNames, 'prototype']
const prototypeBefore = prototypeNames.slice().sort()

/** The route schemas, written in each library: a closed and an open object, a query, headers, params. */
interface Schemas {
  /** name (string) and n (number); undeclared keys as the library treats them by default. */
  closed: unknown
  /** The same, undeclared keys kept (or dropped) rather than refused. */
  open: unknown
  /** n, a number (converted from the query string). */
  query: unknown
  /** x-n, a number. */
  headers: unknown
  /** A parameter named `name`, a string. */
  param: (name: string) => unknown
}

interface Adapter { name: string, validatorCompiler?: ValidatorCompiler, schemas: Schemas }

const adapters: Adapter[] = [
  {
    name: 'ajv',
    schemas: {
      closed: { type: 'object', properties: { name: { type: 'string' }, n: { type: 'number' } }, additionalProperties: false },
      open: { type: 'object', properties: { name: { type: 'string' }, n: { type: 'number' } } },
      query: { type: 'object', properties: { n: { type: 'number' } } },
      headers: { type: 'object', properties: { 'x-n': { type: 'number' } } },
      param: (name) => ({ type: 'object', properties: { [name]: { type: 'string' } } })
    }
  },
  {
    name: 'zod',
    validatorCompiler: zodCompilers.validatorCompiler,
    schemas: {
      closed: z.strictObject({ name: z.string().optional(), n: z.number().optional() }),
      open: z.looseObject({ name: z.string().optional(), n: z.number().optional() }),
      query: z.object({ n: z.number().optional() }),
      headers: z.object({ 'x-n': z.number().optional() }),
      param: (name) => z.object({ [name]: z.string() })
    }
  },
  {
    name: 'joi',
    validatorCompiler: joiCompilers.validatorCompiler,
    schemas: {
      closed: Joi.object({ name: Joi.string(), n: Joi.number() }),
      open: Joi.object({ name: Joi.string(), n: Joi.number() }).unknown(true),
      query: Joi.object({ n: Joi.number() }),
      headers: Joi.object({ 'x-n': Joi.number() }),
      param: (name) => Joi.object({ [name]: Joi.string() })
    }
  },
  {
    name: 'yup',
    validatorCompiler: yupCompilers.validatorCompiler,
    schemas: {
      closed: yup.object({ name: yup.string(), n: yup.number() }).noUnknown().strict(),
      open: yup.object({ name: yup.string(), n: yup.number() }),
      query: yup.object({ n: yup.number() }),
      headers: yup.object({ 'x-n': yup.number() }),
      param: (name) => yup.object({ [name]: yup.string() })
    }
  },
  {
    name: 'standard-schema (valibot)',
    validatorCompiler: standardCompilers.validatorCompiler,
    schemas: {
      closed: v.strictObject({ name: v.optional(v.string()), n: v.optional(v.number()) }),
      open: v.looseObject({ name: v.optional(v.string()), n: v.optional(v.number()) }),
      query: v.object({ n: v.optional(v.number()) }),
      headers: v.object({ 'x-n': v.optional(v.number()) }),
      param: (name) => v.object({ [name]: v.string() })
    }
  }
]

interface Sent { label: string, method: 'GET' | 'POST', path: string, headers?: Record<string, string>, body?: string }

/** A JSON text with `key` as written, so `__proto__` stays a key rather than a prototype. */
function member (key: string, value: string): string {
  return `{${JSON.stringify(key)}:${value}}`
}

function requestsFor (name: string, index: number): Sent[] {
  const key = encodeURIComponent(name)
  const post = (label: string, path: string, body: string): Sent => ({ label, method: 'POST', path, body })
  return [
    post(`body key ${name}`, '/closed', member(name, '1')),
    post(`body key ${name} (open schema)`, '/open', member(name, '1')),
    post(`body key ${name} holding an object`, '/open', member(name, '{"polluted":true}')),
    post(`body key ${name}.prototype`, '/open', member(name, member('prototype', '{"polluted":true}'))),
    post(`body key ${name} nested in an undeclared key`, '/open', member('extra', member(name, '{"polluted":true}'))),
    post(`body key ${name} in the value of a declared string`, '/open', member('name', member(name, '1'))),
    post(`body key ${name} in the value of a declared number`, '/open', member('n', member(name, '"x"'))),
    post(`body key ${name} beside a valid field`, '/open', `{"name":"ok",${JSON.stringify(name)}:"x"}`),
    post(`query key ${name}`, `/open?${key}=1`, '{}'),
    post(`query key ${name} twice`, `/open?${key}=1&${key}=2`, '{}'),
    post(`query key ${name}[prototype][polluted]`, `/open?${key}[prototype][polluted]=1&${key}.prototype.polluted=1`, '{}'),
    post(`query value ${name}`, `/open?n=${key}`, '{}'),
    { label: `header ${name.toLowerCase()}`, method: 'POST', path: '/open', body: '{}', headers: { [name.toLowerCase()]: '1', 'x-n': '1' } },
    { label: `path parameter value ${name}`, method: 'GET', path: `/value/${key}` },
    { label: `a parameter named ${name}`, method: 'GET', path: `/named/${index}/${key}` }
  ]
}

/** Answers a failure in the case's status rather than throwing: a fetch of a reset socket is a 5xx here. */
function send (agent: http.Agent, port: number, sent: Sent): Promise<{ status: number, text: string }> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { ...sent.headers }
    if (sent.body !== undefined) headers['content-type'] = 'application/json'
    const request = http.request({ agent, host: '127.0.0.1', port, method: sent.method, path: sent.path, headers }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => { text += chunk })
      response.on('end', () => { resolve({ status: response.statusCode!, text }) })
    })
    request.on('error', (error) => { resolve({ status: 599, text: String(error) }) })
    request.end(sent.body)
  })
}

/** Lines logged at error level (50) or above. */
function errorLog (): { stream: Writable, lines: string[] } {
  const lines: string[] = []
  const stream = new Writable({
    write (chunk: Buffer, _encoding, done) {
      for (const line of String(chunk).split('\n')) {
        if (line !== '' && (JSON.parse(line) as { level: number }).level >= 50) lines.push(line)
      }
      done()
    }
  })
  return { stream, lines }
}

for (const adapter of adapters) {
  for (const [entry, create] of enclaveFaces) {
    t.test(`${adapter.name} on ${entry}: every prototype member name answers 400 or 2xx`, async (t) => {
      const log = errorLog()
      const app = create({ logger: { level: 'info', stream: log.stream } })
      if (adapter.validatorCompiler !== undefined) app.setValidatorCompiler(adapter.validatorCompiler)
      const { schemas } = adapter
      const echo = async (request: any) => ({ body: request.body ?? null, query: request.query, params: request.params })
      app.post('/closed', { schema: { body: schemas.closed } }, echo)
      app.post('/open', { schema: { body: schemas.open, querystring: schemas.query, headers: schemas.headers } }, echo)
      app.get('/value/:id', { schema: { params: schemas.param('id') } }, echo)
      app.register(async function named (child: any) {
        // A static segment per name: routes differing only in a parameter's name are the same route.
        for (const [index, name] of names.entries()) child.get(`/named/${index}/:${name}`, { schema: { params: schemas.param(name) } }, echo)
      })
      await app.listen({ port: 0, host: '127.0.0.1' })
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
      t.teardown(async () => {
        agent.destroy()
        await app.close()
      })
      const { port } = app.server.address() as AddressInfo

      for (const [index, name] of names.entries()) {
        for (const sent of requestsFor(name, index)) {
          const logged = log.lines.length
          const { status, text } = await send(agent, port, sent)
          t.ok(status === 400 || (status >= 200 && status < 300), `${sent.label}: 400 or 2xx (${status}${status >= 500 ? ' ' + text : ''})`)
          t.equal(log.lines.length, logged, `${sent.label}: nothing logged at error level`)
        }
      }
      t.strictSame(Object.getOwnPropertyNames(Object.prototype).sort(), prototypeBefore, 'Object.prototype has no new member')
      t.equal((Object.prototype as Record<string, unknown>).polluted, undefined, 'Object.prototype was not polluted')
    })
  }
}
