import schemaCode from '@enclave/worker-build/schema-code'
import createHelloApp from './hello-app.js'

const app = createHelloApp({ code: schemaCode })

export default { fetch: app.fetch }
