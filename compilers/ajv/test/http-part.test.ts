import t from 'tap'
import { createValidatorCompiler, MissingHttpPartError } from '../src/index.js'

// A compiler must throw when httpPart is missing or unknown.
t.test('the compiler refuses a missing or unknown httpPart', async (t) => {
  const compile = createValidatorCompiler({})
  for (const httpPart of [undefined, 'query', 'cookies', '']) {
    t.throws(
      () => compile({ schema: { type: 'object' }, method: 'POST', url: '/x', httpPart: httpPart as any }),
      { name: 'MissingHttpPartError', code: 'ENC_ERR_AJV_HTTP_PART' },
      `httpPart ${String(httpPart)}`
    )
  }
  t.throws(() => compile({ schema: {}, method: 'GET', url: '/', httpPart: undefined as any }), MissingHttpPartError)
})

t.test('every request part compiles', async (t) => {
  const compile = createValidatorCompiler({})
  for (const httpPart of ['body', 'querystring', 'params', 'headers'] as const) {
    const validate = compile({ schema: { type: 'object', required: ['a'] }, method: 'POST', url: '/x', httpPart })
    t.equal(validate({ a: 1 }), true, `${httpPart} accepts valid data`)
    t.equal(validate({}), false, `${httpPart} refuses invalid data`)
  }
})
