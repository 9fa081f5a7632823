import t from 'tap'
import { build } from '@enclave/examples/compilers/standard-schema.js'

t.test('the Standard Schema example: list with coerced query values and output restricted to the schema', async (t) => {
  const app = build()
  t.teardown(() => app.close())

  const list = await app.inject('/events?online=true&max=5')
  t.equal(list.statusCode, 200)
  t.strictSame(list.json(), [{ id: 1, title: 'Launch', seats: 40, online: true }], 'organiserEmail is not sent')
  t.strictSame((await app.inject('/events?online=false')).json(), [])
  t.strictSame((await app.inject('/events?max=99')).json(), { statusCode: 400, error: 'Bad Request', message: 'querystring/max Invalid value: Expected <=50 but received 99' })
  t.strictSame((await app.inject('/events/1')).json().title, 'Launch')
  t.strictSame((await app.inject('/events/7')).json(), { message: 'no event 7' })
})

t.test('the Standard Schema example: create validates the body, strips unknown keys and fills defaults', async (t) => {
  const app = build()
  t.teardown(() => app.close())

  const created = await app.inject({ method: 'POST', url: '/events', payload: { title: 'Meetup', seats: 12, admin: true } })
  t.equal(created.statusCode, 201)
  t.strictSame(created.json(), { id: 2, title: 'Meetup', seats: 12, online: false })

  const invalid = await app.inject({ method: 'POST', url: '/events', payload: { title: '', seats: 0 } })
  t.strictSame(invalid.json(), {
    statusCode: 400,
    error: 'Bad Request',
    message: 'body/title Invalid length: Expected >=1 but received 0'
  })
})
