import type { PrecompiledSchemaCode } from '@enclave/core'

/**
 * The app's schemas compiled to code, for `schemaCache: { code }`. enclave-worker-build puts the
 * code it made in place of this module when it bundles the Worker; outside such a bundle there is
 * none, and using it says so.
 */
const schemaCode: PrecompiledSchemaCode = {
  get entries (): never {
    throw new Error('@enclave/worker-build/schema-code holds code only inside a bundle made by enclave-worker-build')
  },
  modules: {}
}

export default schemaCode
