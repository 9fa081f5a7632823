import enclave from '@enclave/core'
import errorMessage from '@enclave/error-message'
import ajvMergePatch from 'ajv-merge-patch'

const app = enclave({ ajv: { plugins: [ajvMergePatch] } })
app.addSchema({ $id: 'search', type: 'object', properties: { q: { type: 'string' } } })

app.register(async function search (search) {
  await search.register(errorMessage)
  search.post('/search', {
    schema: {
      body: {
        $merge: {
          source: { $ref: 'search#' },
          with: { required: ['q'], errorMessage: { required: { q: 'a search needs q' } } }
        }
      }
    }
  }, (request) => request.body)
})

const res = await app.inject({ method: 'POST', url: '/search', payload: {} })
console.log(res.json().message)
// → 400 "body a search needs q, body should pass \"$merge\" keyword validation"

export default app
