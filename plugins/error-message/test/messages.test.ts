import t, { type Test } from 'tap'
import enclave from '@enclave/core'
import errorMessage from '@enclave/error-message'
import { post } from './helpers/post.js'

async function appWithRoute (t: Test, body: Record<string, unknown>, options = {}): Promise<{ app: ReturnType<typeof enclave> }> {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(errorMessage, options)
  app.post('/', { schema: { body } }, (request) => request.body)
  return { app }
}

t.test('a type-level message (errorMessage as a string) replaces every error of the schema', async (t) => {
  const { app } = await appWithRoute(t, {
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string' }, age: { type: 'integer' } },
    additionalProperties: false,
    errorMessage: 'should be an object with a string name and an integer age only'
  })
  for (const payload of [{}, { name: { first: 'a' } }, { name: 'a', age: 'old' }, [1]]) {
    const answer = await post(app, '/', payload)
    t.equal(answer.statusCode, 400, JSON.stringify(payload))
    t.equal(answer.message, 'body should be an object with a string name and an integer age only')
  }
  t.same((await post(app, '/', { name: 'ok', age: 3 })).body, { name: 'ok', age: 3 })
})

t.test('per-constraint messages replace the errors of those keywords only', async (t) => {
  const { app } = await appWithRoute(t, {
    type: 'object',
    properties: {
      age: {
        type: 'integer',
        minimum: 18,
        maximum: 130,
        errorMessage: { type: 'age must be a whole number', minimum: 'you must be an adult', maximum: 'nobody is that old' }
      },
      nick: { type: 'string', minLength: 2 }
    }
  })
  t.equal((await post(app, '/', { age: 'x' })).message, 'body/age age must be a whole number')
  t.equal((await post(app, '/', { age: 12 })).message, 'body/age you must be an adult')
  t.equal((await post(app, '/', { age: 200 })).message, 'body/age nobody is that old')
  t.equal((await post(app, '/', { age: 12, nick: 'x' })).message, 'body/age you must be an adult, body/nick should NOT have fewer than 2 characters',
    'a keyword without a message keeps the default one, and allErrors reports both')
})

t.test('per-property messages replace every error under that property', async (t) => {
  const { app } = await appWithRoute(t, {
    type: 'object',
    properties: {
      email: { type: 'string', format: 'email' },
      tags: { type: 'array', items: { type: 'string' }, maxItems: 3 }
    },
    errorMessage: {
      properties: {
        email: 'email should be a valid address, not ${/email}',
        tags: 'tags should be at most three strings'
      }
    }
  })
  t.equal((await post(app, '/', { email: 'nope' })).message, 'body/email email should be a valid address, not "nope"')
  t.equal((await post(app, '/', { tags: [1, 2, 3, 4] })).message, 'body/tags tags should be at most three strings')
})

t.test('per-required messages name each missing property', async (t) => {
  const { app } = await appWithRoute(t, {
    type: 'object',
    required: ['name', 'email'],
    properties: { name: { type: 'string' }, email: { type: 'string' } },
    errorMessage: {
      required: { name: 'name please', email: 'we need your email' }
    }
  })
  t.equal((await post(app, '/', {})).message, 'body name please, body we need your email')
  t.equal((await post(app, '/', { name: 'a' })).message, 'body we need your email')
})

t.test('one message for all required properties, and a default message with _', async (t) => {
  const { app } = await appWithRoute(t, {
    type: 'object',
    required: ['a', 'b'],
    properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'integer' } },
    errorMessage: { required: 'a and b are required', _: 'the body is not right' }
  })
  t.equal((await post(app, '/', { c: 1 })).message, 'body a and b are required')
  t.equal((await post(app, '/', { a: 'x', b: 'y', c: 'z' })).message, 'body the body is not right')
})

t.test('the Fastify documentation example: property errors first, then root required messages', async (t) => {
  const { app } = await appWithRoute(t, {
    type: 'object',
    required: ['name', 'work'],
    properties: {
      age: { type: 'number', errorMessage: { type: 'bad age - should be num' } },
      name: { type: 'string' },
      work: { type: 'string' }
    },
    errorMessage: { required: { name: 'name please', work: 'work please' } }
  })
  t.equal((await post(app, '/', { age: 'x' })).message, 'body/age bad age - should be num, body name please, body work please')
})

t.test('the errors keep the ajv-errors shape for error handlers (keyword errorMessage, params.errors)', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  await app.register(errorMessage)
  app.setErrorHandler((error: { validation: unknown[], validationContext: string }, _request, reply) => {
    reply.code(422).send({ context: error.validationContext, validation: error.validation })
  })
  app.post('/', { schema: { body: { type: 'object', required: ['x'], errorMessage: { required: { x: 'x!' } } } } }, () => 'ok')
  const response = await app.inject({ method: 'POST', url: '/', payload: {} })
  t.equal(response.statusCode, 422)
  t.match(response.json(), {
    context: 'body',
    validation: [{ keyword: 'errorMessage', message: 'x!', instancePath: '', params: { errors: [{ keyword: 'required', params: { missingProperty: 'x' } }] } }]
  })
})

t.test('ajv-errors options: singleError joins messages, keepErrors keeps the replaced errors', async (t) => {
  const schema = {
    type: 'object',
    properties: { n: { type: 'integer', maximum: 10, multipleOf: 2, errorMessage: { maximum: 'too big', multipleOf: 'not even' } } }
  }
  const joined = await appWithRoute(t, schema, { singleError: '@@@@' })
  t.equal((await post(joined.app, '/', { n: 13 })).message, 'body/n too big@@@@not even')

  const kept = await appWithRoute(t, schema, { keepErrors: true })
  const validation = (await kept.app.inject({ method: 'POST', url: '/', payload: { n: 13 } })).json().message as string
  t.match(validation, /should be <= 10/, 'the original errors are still reported')
  t.match(validation, /too big/)
})

t.test('shared schemas of the context are resolved, with their own messages', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.addSchema({ $id: 'address', type: 'object', required: ['city'], properties: { city: { type: 'string' } }, errorMessage: { required: { city: 'an address needs a city' } } })
  await app.register(errorMessage)
  app.post('/', { schema: { body: { type: 'object', properties: { home: { $ref: 'address#' } } } } }, (request) => request.body)
  t.equal((await post(app, '/', { home: {} })).message, 'body/home an address needs a city')
})
