import t from 'tap'
import { build } from '@enclave/examples/compilers/zod.js'

t.test('the Zod example: list with coerced query values, defaults, and output restricted to the schema', async (t) => {
  const app = build()
  t.teardown(() => app.close())

  const list = await app.inject('/books?limit=5&tag=novel')
  t.equal(list.statusCode, 200)
  t.strictSame(list.json(), [{ id: 1, title: 'Frankenstein', year: 1818, tags: ['novel'] }], 'internalNote is not sent')

  t.strictSame((await app.inject('/books?limit=0')).json(), { statusCode: 400, error: 'Bad Request', message: 'querystring/limit should be >= 1' })
  t.strictSame((await app.inject('/books/1')).json().title, 'Frankenstein')
  t.strictSame((await app.inject('/books/9')).json(), { message: 'no book 9' })
  t.strictSame((await app.inject('/books/x')).json(), { statusCode: 400, error: 'Bad Request', message: 'params/id should be number' })
})

t.test('the Zod example: create validates the body, strips unknown keys and fills defaults', async (t) => {
  const app = build()
  t.teardown(() => app.close())

  const created = await app.inject({ method: 'POST', url: '/books', payload: { title: 'Dracula', year: 1897, admin: true } })
  t.equal(created.statusCode, 201)
  t.strictSame(created.json(), { id: 2, title: 'Dracula', year: 1897, tags: [] })

  const invalid = await app.inject({ method: 'POST', url: '/books', payload: { year: 1200 } })
  t.strictSame(invalid.json(), { statusCode: 400, error: 'Bad Request', message: "body should have required property 'title'" })
})
