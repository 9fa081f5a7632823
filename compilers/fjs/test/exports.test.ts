import t from 'tap'
import * as fjsModule from '../src/index.js'
import enclaveFjs, {
  createSerializationInspector,
  createSerializerCompiler,
  createSerializerCompilerFactory
} from '../src/index.js'

t.test('the default export is the factory builder, carrying every named value', async function (t) {
  t.equal(enclaveFjs, createSerializerCompilerFactory)
  t.equal(enclaveFjs.default, createSerializerCompilerFactory)
  t.equal(enclaveFjs.createSerializerCompilerFactory, createSerializerCompilerFactory)
  t.equal(enclaveFjs.createSerializerCompiler, createSerializerCompiler)
  t.equal(enclaveFjs.createSerializationInspector, createSerializationInspector)
})

t.test("the 'module.exports' binding is what require() returns: the same object", async function (t) {
  t.equal((fjsModule as Record<string, unknown>)['module.exports'], enclaveFjs)
})

t.test('createSerializerCompiler is a shortcut for the factory applied to the externals', async function (t) {
  const compiler = createSerializerCompiler({ greeting: { $id: 'greeting', type: 'string' } }, { rounding: 'ceil' })
  const serialize = compiler({
    schema: { type: 'object', properties: { text: { $ref: 'greeting#' }, count: { type: 'integer' } } },
    method: 'GET',
    url: '/',
    httpStatus: '200'
  })
  t.equal(serialize({ text: 'hi', count: 1.2 }), '{"text":"hi","count":2}')
  t.equal(createSerializerCompiler()({ schema: { type: 'string' }, method: 'GET', url: '/', httpStatus: '200' })(1), '"1"')
})

t.test('options that would make fast-json-stringify return something else than a function are ignored', async function (t) {
  const options = { mode: 'standalone', debugMode: true, schema: { x: { type: 'string' } } } as never
  const serialize = createSerializerCompilerFactory(options)({})({
    schema: { type: 'object', properties: { a: { type: 'string' } } },
    method: 'GET',
    url: '/',
    httpStatus: '200'
  })
  t.type(serialize, 'function')
  t.equal(serialize({ a: 'x' }), '{"a":"x"}')
})
