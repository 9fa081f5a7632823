import t from 'tap'
import enclave from '@enclave/core'
import { faces } from './fixtures/faces.js'

/** A schema that writes only the property `name`, so the body tells which key was used. */
function only (name: string) {
  return { type: 'object', properties: { [name]: { type: 'string' } } }
}

const everyName = { exact: 'e', exact404: 'e404', pattern2: 'p2', pattern4: 'p4', fallback: 'f', json: 'j', vendor: 'v', any: 'a', secret: 's' }

t.test('an exact status code beats its Nxx class, which beats default', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/status/:code', {
    schema: {
      response: {
        200: only('exact'),
        404: only('exact404'),
        '2xx': only('pattern2'),
        '4xx': only('pattern4'),
        default: only('fallback')
      }
    }
  }, async (request, reply) => {
    reply.code(Number((request.params as { code: string }).code))
    return everyName
  })

  const cases: Array<[number, string]> = [
    [200, '{"exact":"e"}'],
    [201, '{"pattern2":"p2"}'],
    [204, ''],
    [299, '{"pattern2":"p2"}'],
    [404, '{"exact404":"e404"}'],
    [400, '{"pattern4":"p4"}'],
    [418, '{"pattern4":"p4"}'],
    [302, '{"fallback":"f"}'],
    [503, '{"fallback":"f"}']
  ]
  for (const [code, body] of cases) {
    const response = await app.inject(`/status/${code}`)
    t.equal(response.statusCode, code)
    t.equal(response.body, body, `${code} uses the expected key`)
  }
})

t.test('without a key for the status, the payload goes out as plain JSON', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/:code', { schema: { response: { 200: only('exact'), '4xx': only('pattern4') } } }, async (request, reply) => {
    reply.code(Number((request.params as { code: string }).code))
    return { exact: 'e', pattern4: 'p4', other: 1 }
  })
  t.equal((await app.inject('/201')).body, '{"exact":"e","pattern4":"p4","other":1}', '201: no exact, no 2xx, no default')
  t.equal((await app.inject('/500')).body, '{"exact":"e","pattern4":"p4","other":1}', '500: no 5xx, no default')
  t.equal((await app.inject('/409')).body, '{"pattern4":"p4"}')
})

t.test('class keys are case-insensitive and status keys may be numbers or strings', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/upper', { schema: { response: { '2XX': only('pattern2') } } }, async () => everyName)
  app.get('/string', { schema: { response: { 200: only('exact') } } }, async () => everyName)
  t.equal((await app.inject('/upper')).body, '{"pattern2":"p2"}')
  t.equal((await app.inject('/string')).body, '{"exact":"e"}')
})

t.test('the response shorthand: properties listed without type/properties', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', { schema: { response: { 200: { id: { type: 'integer' }, name: { type: 'string' } } } } }, async () => ({ id: '12', name: 'n', hidden: true }) as any)
  const response = await app.inject('/')
  t.equal(response.body, '{"id":12,"name":"n"}')
  t.equal(response.headers['content-type'], 'application/json; charset=utf-8')
})

t.test('content-keyed schemas: the reply media type picks the schema', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const response = {
    200: {
      description: 'two representations',
      content: {
        'application/json': { schema: only('json') },
        'application/vnd.x+json': { schema: only('vendor') }
      }
    }
  }
  app.get('/', { schema: { response } }, async (request, reply) => {
    const type = (request.query as { type?: string }).type
    if (type !== undefined) reply.type(type)
    return everyName
  })

  const json = await app.inject('/?type=application/json')
  t.equal(json.body, '{"json":"j"}')
  t.equal(json.headers['content-type'], 'application/json; charset=utf-8')

  const vendor = await app.inject(`/?type=${encodeURIComponent('application/vnd.x+json')}`)
  t.equal(vendor.body, '{"vendor":"v"}')
  t.equal(vendor.headers['content-type'], 'application/vnd.x+json; charset=utf-8', 'a JSON type without charset gets utf-8')

  const withParameters = await app.inject(`/?type=${encodeURIComponent('application/vnd.x+json; charset=utf-8')}`)
  t.equal(withParameters.body, '{"vendor":"v"}', 'matched on the media type alone')

  // As Fastify 4.29 (compared in serialization-media-type-case below): case-sensitively, so another
  // spelling has no schema, and one without a lower-case `json` is not a JSON type at all.
  const otherCase = await app.inject(`/?type=${encodeURIComponent('Application/Vnd.X+json; charset=utf-8')}`)
  t.equal(otherCase.body, JSON.stringify(everyName))
  const upperJson = await app.inject(`/?type=${encodeURIComponent('Application/Vnd.X+JSON')}`)
  t.equal(upperJson.statusCode, 500)

  const untyped = await app.inject('/')
  t.equal(untyped.body, '{"json":"j"}', 'no type set: the application/json schema')
  t.equal(untyped.headers['content-type'], 'application/json; charset=utf-8')

  const other = await app.inject(`/?type=${encodeURIComponent('application/problem+json')}`)
  t.equal(other.body, JSON.stringify(everyName), 'a type with no schema under content is sent without one (as in Fastify)')
})

t.test('content-keyed schemas: a */* entry catches every other media type', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/', {
    schema: {
      response: {
        '2xx': {
          content: {
            'application/vnd.x+json': { schema: only('vendor') },
            '*/*': { schema: only('any') }
          }
        }
      }
    }
  }, async (request, reply) => {
    reply.type((request.query as { type: string }).type)
    return everyName
  })
  t.equal((await app.inject(`/?type=${encodeURIComponent('application/vnd.x+json')}`)).body, '{"vendor":"v"}')
  t.equal((await app.inject('/?type=application/json')).body, '{"any":"a"}')
  t.equal((await app.inject(`/?type=${encodeURIComponent('application/hal+json')}`)).body, '{"any":"a"}')
})

t.test('content-keyed entries follow the key precedence too', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/:code', {
    schema: {
      response: {
        200: { content: { 'application/json': { schema: only('exact') } } },
        default: { content: { 'application/json': { schema: { fallback: { type: 'string' } } } } }
      }
    }
  }, async (request, reply) => {
    reply.code(Number((request.params as { code: string }).code)).type('application/json')
    return everyName
  })
  t.equal((await app.inject('/200')).body, '{"exact":"e"}')
  t.equal((await app.inject('/422')).body, '{"fallback":"f"}', 'the shorthand works under content too')
})

t.test('invalid response keys and content entries fail ready()', async (t) => {
  const badKey = enclave()
  badKey.get('/', { schema: { response: { ok: only('exact') } } }, async () => ({}))
  // As in Fastify 4.29, reported as a serialization build error naming the route.
  await t.rejects(badKey.ready(), { code: 'FST_ERR_SCH_SERIALIZATION_BUILD', message: 'Failed building the serialization schema for GET: /, due to error response schemas should be nested under a valid status code, e.g { 2xx: { type: "object" } }', cause: { code: 'FST_ERR_SCH_RESPONSE_SCHEMA_NOT_NESTED_2XX' } })

  const outOfRange = enclave()
  outOfRange.get('/', { schema: { response: { 600: only('exact') } } }, async () => ({}))
  await t.rejects(outOfRange.ready(), { code: 'FST_ERR_SCH_SERIALIZATION_BUILD' })

  const noSchema = enclave()
  // Two media types, one without its schema (a single entry without one is a property named `content`, as in Fastify).
  noSchema.get('/', { schema: { response: { 200: { content: { 'text/plain': { schema: { type: 'string' } }, 'application/json': { example: {} } } } } } }, async () => ({}))
  await t.rejects(noSchema.ready(), { code: 'FST_ERR_SCH_CONTENT_MISSING_SCHEMA', message: "Schema is missing for the content type 'application/json'" })

  const brokenSchema = enclave()
  brokenSchema.get('/broken', { schema: { response: { 201: { type: 'object', properties: { a: { $ref: '#/definitions/nope' } } } } } }, async () => ({}))
  await t.rejects(brokenSchema.ready(), {
    code: 'FST_ERR_SCH_SERIALIZATION_BUILD',
    message: /^Failed building the serialization schema for GET: \/broken, due to error /
  })
})

t.test('HEAD requests on routes with response schemas: same headers as GET, no body from the HEAD twin', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  const schema = { response: { 200: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } } }
  app.get('/item', { schema }, async () => ({ id: 7, secret: 'x' }))
  app.get('/broken', { schema }, async () => ({ secret: 'x' }))
  app.head('/declared', { schema }, async (_request, reply) => {
    reply.header('x-declared', 'yes')
    return { id: 1, secret: 'x' }
  })

  const get = await app.inject('/item')
  const head = await app.inject({ method: 'HEAD', url: '/item' })
  t.equal(get.body, '{"id":7}')
  t.equal(head.statusCode, 200)
  t.equal(head.body, '')
  t.equal(head.headers['content-type'], 'application/json; charset=utf-8')
  t.equal(head.headers['content-length'], String(Buffer.byteLength('{"id":7}')), 'the length of the serialized GET body')

  const broken = await app.inject({ method: 'HEAD', url: '/broken' })
  t.equal(broken.statusCode, 500, 'the payload is still serialized, so a schema failure is still a 500')
  t.equal(broken.body, '')

  // A declared HEAD route: as with Fastify 4.29, inject() shows the serialized body (a socket carries none).
  const declared = await app.inject({ method: 'HEAD', url: '/declared' })
  t.equal(declared.statusCode, 200)
  t.equal(declared.body, '{"id":1}')
  t.equal(declared.headers['x-declared'], 'yes')
  t.equal(declared.headers['content-length'], String(Buffer.byteLength('{"id":1}')))
})

t.test('serialization-media-type-case: content-keyed response schemas are looked up by the media type as written, as fastify@4.29.1 does', async (t) => {
  const observe = async (factory: (options?: any) => any): Promise<unknown[]> => {
    const app = factory()
    const response = { 200: { content: { 'application/json': { schema: only('json') }, 'application/vnd.x+json': { schema: only('vendor') }, 'Application/Upper+json': { schema: only('upper') } } } }
    app.get('/', { schema: { response } }, async (request: any, reply: any) => {
      reply.type(request.query.type)
      return { json: 'j', vendor: 'v', upper: 'u' }
    })
    const seen: unknown[] = []
    for (const type of ['application/vnd.x+json; charset=utf-8', 'Application/Vnd.X+json', 'Application/Vnd.X+JSON', 'Application/Upper+json', 'application/upper+json']) {
      const reply = await app.inject(`/?type=${encodeURIComponent(type)}`)
      seen.push([type, reply.statusCode, reply.headers['content-type'], reply.body])
    }
    await app.close()
    return seen
  }
  const [[, fastify4], ...entries] = faces
  const expected = await observe(fastify4)
  for (const [name, factory] of entries) t.same(await observe(factory), expected, name)
})
