import enclave from '@enclave/core'
import ajvFormats from 'ajv-formats'
import mergePatch from 'ajv-merge-patch'

const app = enclave({
  validator: {
    // shallow-merged over the baseline: a key you give wins
    customOptions: { removeAdditional: false },
    // a plugin function, or a [plugin, options] pair; applied in order
    plugins: [[ajvFormats, { mode: 'fast' }], mergePatch],
    // called once per Ajv instance, after the plugins
    onCreate (ajv) { ajv.addKeyword({ keyword: 'units', schemaType: 'string' }) }
  }
})

app.post('/distance', {
  schema: {
    body: {
      type: 'object',
      additionalProperties: false,
      properties: { meters: { type: 'number', units: 'm' } }
    }
  }
}, async (request) => request.body)

const extra = await app.inject({ method: 'POST', url: '/distance', payload: { meters: 3, feet: 10 } })
console.log(extra.json().message) // body should NOT have additional properties

export default app
