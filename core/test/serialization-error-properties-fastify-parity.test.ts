// A response schema for an error's status serializes the error's own properties (Reply docs:
// "add the additional properties to the Error instance"), with statusCode, error and message the
// answer's: each case runs on fastify@4.29.1, enclave() and the Fastify face, which must agree.
import t from 'tap'
import { faces } from './fixtures/faces.js'

const factories = faces

class TimedError extends Error {
  get retryIn (): string { return 'two weeks' }
}

type Setup = (app: any) => void
const responseSchema = (status: string, schema: object): object => ({ response: { [status]: schema } })

const cases: Array<[string, Setup, string]> = [
  ['a property added to the error, thrown by the handler', (app) => {
    app.get('/', { schema: responseSchema('500', { type: 'object', properties: { world: { type: 'string' } }, required: ['world'] }) }, async () => {
      throw Object.assign(new Error('boom'), { world: 'w' })
    })
  }, '500 {"world":"w"}'],
  ['the answer\'s statusCode, error and message next to the error\'s own', (app) => {
    app.get('/', { schema: responseSchema('4xx', { type: 'object', properties: { statusCode: { type: 'number' }, error: { type: 'string' }, message: { type: 'string' }, code: { type: 'string' }, time: { type: 'string' } } }) }, async (_request: any, reply: any) => {
      reply.code(418).send(Object.assign(new Error('not yet'), { time: 'soon', code: 'MY_CODE', statusCode: 400 }))
    })
  }, '400 {"statusCode":400,"error":"Bad Request","message":"not yet","code":"MY_CODE","time":"soon"}'],
  ['a getter of the error\'s class', (app) => {
    app.get('/', { schema: responseSchema('5xx', { type: 'object', properties: { retryIn: { type: 'string' }, message: { type: 'string' } } }) }, async () => {
      throw new TimedError('later')
    })
  }, '500 {"retryIn":"two weeks","message":"later"}'],
  ['additionalProperties adds none of the error\'s properties', (app) => {
    app.get('/', { schema: responseSchema('500', { type: 'object', additionalProperties: true }) }, async () => {
      throw Object.assign(new Error('boom'), { world: 'w' })
    })
  }, '500 {}'],
  ['a property set by a custom error handler that sends the error', (app) => {
    app.setErrorHandler((error: any, _request: any, reply: any) => { error.world = 'from the handler'; reply.send(error) })
    app.addHook('preSerialization', (_request: any, _reply: any, _payload: any, done: any) => { done(new Error('preSerialization aborted')) })
    app.get('/', { schema: responseSchema('500', { type: 'object', properties: { world: { type: 'string' } }, required: ['world'], additionalProperties: false }) }, async () => ({ world: 'hello' }))
  }, '500 {"world":"from the handler"}'],
  ['no schema for the status: the default payload', (app) => {
    app.get('/', { schema: responseSchema('200', { type: 'object', properties: { world: { type: 'string' } } }) }, async () => {
      throw Object.assign(new Error('boom'), { world: 'w' })
    })
  }, '500 {"statusCode":500,"error":"Internal Server Error","message":"boom"}']
]

t.test('an error answered through a response schema shows the error\'s properties, as fastify@4.29.1', async (t) => {
  for (const [name, setup, expected] of cases) {
    for (const [factoryName, make] of factories) {
      const app = make()
      setup(app)
      const response = await app.inject('/')
      await app.close()
      t.equal(`${response.statusCode} ${response.body}`, expected, `${factoryName}: ${name}`)
    }
  }
})
