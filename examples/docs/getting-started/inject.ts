import app from './schema-route.js'

const response = await app.inject({ method: 'POST', url: '/users', payload: { name: 'Ada' } })
console.log(response.statusCode, response.json()) // 201 { id: 1, name: 'Ada' }

export default app
