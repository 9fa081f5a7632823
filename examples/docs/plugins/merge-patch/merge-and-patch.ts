import enclave from '@enclave/core'
import ajvMergePatch from 'ajv-merge-patch'   // npm install ajv-merge-patch (it supports Ajv 8)

const app = enclave({ ajv: { plugins: [ajvMergePatch] } })

app.addSchema({
  $id: 'search',
  type: 'object',
  properties: { q: { type: 'string' }, page: { type: 'integer', minimum: 1 } }
})

// The shared schema, plus "q is required" and a cap on page.
app.post('/search', {
  schema: {
    body: {
      $merge: {
        source: { $ref: 'search#' },
        with: { required: ['q'], properties: { page: { maximum: 10 } } }
      }
    }
  }
}, (request) => request.body)

// The shared schema, with q turned into a number.
app.post('/lookup', {
  schema: {
    body: {
      $patch: {
        source: { $ref: 'search#' },
        with: [
          { op: 'replace', path: '/properties/q', value: { type: 'number' } },
          { op: 'add', path: '/required', value: ['q'] }
        ]
      }
    }
  }
}, (request) => request.body)

const lookup = await app.inject({ method: 'POST', url: '/lookup', payload: { q: 'abc' } })
console.log(lookup.json().message) // body/q should be number, body should pass "$patch" keyword validation

export default app
