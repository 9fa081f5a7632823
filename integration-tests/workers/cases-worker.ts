import schemaCode from '@enclave/worker-build/schema-code'
import createCasesApp from './cases-app.js'

// Built when the isolate starts; ready() runs on the first request.
const app = createCasesApp({ code: schemaCode })

export default { fetch: app.fetch }
