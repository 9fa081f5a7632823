import enclave from '@enclave/core'
import { createValidatorCompilerFactory } from '@enclave/ajv'
import ajvMergePatch from 'ajv-merge-patch'

const app = enclave()
const handler = async (request: { body: unknown }) => request.body
app.addSchema({ $id: 'search', type: 'object', properties: { q: { type: 'string' } } })

const withMergePatch = createValidatorCompilerFactory({ plugins: [ajvMergePatch] })
app.register(async function reports (reports) {
  // Read at ready(), when every addSchema of this context has run.
  reports.setValidatorCompiler((input) => withMergePatch(reports.getSchemas())(input))
  reports.post('/reports', { schema: { body: { $merge: { source: { $ref: 'search#' }, with: { required: ['q'] } } } } }, handler)
})

console.log((await app.inject({ method: 'POST', url: '/reports', payload: {} })).json().message)
// body should have required property 'q', body should pass "$merge" keyword validation

export default app
