// @fastify/aws-lambda 6 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: an API Gateway
// event is answered by the app through the proxy, with the method, path, query, headers and body
// passed in and the status, headers and body given back.
import t from 'tap'
import awsLambdaFastify from '@fastify5/aws-lambda'
import { onFastify5 } from '../helpers/fastify5.js'

onFastify5(t, async (fastify) => {
  const app = fastify()
  app.get('/hello', async (request: any, reply: any) => { reply.header('x-lambda', 'yes'); return { name: request.query.name, agent: request.headers['user-agent'] } })
  app.post('/echo', async (request: any, reply: any) => { reply.code(201); return request.body })
  return app
}, async (t, app) => {
  const proxy = awsLambdaFastify(app)

  t.test('a GET event is answered', async (t) => {
    const res: any = await proxy({ httpMethod: 'GET', path: '/hello', headers: { 'user-agent': 'lambda' }, queryStringParameters: { name: 'ada' } } as any, {} as any)
    t.equal(res.statusCode, 200)
    t.equal(res.headers['x-lambda'], 'yes')
    t.same(JSON.parse(res.body), { name: 'ada', agent: 'lambda' })
  })

  t.test('a POST event\'s body reaches the route', async (t) => {
    const res: any = await proxy({ httpMethod: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body: '{"a":1}' } as any, {} as any)
    t.equal(res.statusCode, 201)
    t.same(JSON.parse(res.body), { a: 1 })
  })

  t.test('an unknown path answers the 404', async (t) => {
    const res: any = await proxy({ httpMethod: 'GET', path: '/nope', headers: {} } as any, {} as any)
    t.equal(res.statusCode, 404)
    t.same(JSON.parse(res.body), { message: 'Route GET:/nope not found', error: 'Not Found', statusCode: 404 })
  })
})
