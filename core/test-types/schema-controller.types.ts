// The validation options and the schema controller are typed. Checked by tsc, never run.
import enclave, { type SchemaControllerOptions, type ValidatorCompiler } from '@enclave/core'
import { assertType, type Equal } from './expect.js'

const controller: SchemaControllerOptions = {
  bucket (parentSchemas) {
    const schemas: Record<string, unknown> = { ...parentSchemas }
    return {
      add (schema: any) { schemas[schema.$id] = schema },
      getSchema (id: string) { return schemas[id] },
      getSchemas () { return schemas }
    }
  },
  compilersFactory: {
    buildValidator: (externalSchemas, ajvOptions) => ({ schema }) => (data: unknown) => data !== undefined && schema !== undefined && externalSchemas !== ajvOptions,
    buildSerializer: () => () => (data: unknown) => JSON.stringify(data)
  }
}

const app = enclave({
  schemaController: controller,
  validationPayload: 'fastify',
  validatorFailure: 'conceal',
  rejectUnlistedBodyMediaType: true,
  validateHeadersOnCopy: true,
  acceptAnnotationKeywords: true
})
app.register(async (child) => {
  child.setSchemaController({ compilersFactory: { buildValidator: () => () => () => true } })
})
assertType<Equal<typeof app.validatorCompiler, ValidatorCompiler | undefined>>()

// @ts-expect-error: 'spec' | 'fastify' only
enclave({ validationPayload: 'loose' })
// @ts-expect-error: 'conceal' | 'fastify' only
enclave({ validatorFailure: true })
