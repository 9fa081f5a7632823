import schemaCode from '@enclave/worker-build/schema-code'
import createManyRoutesApp from './many-routes-app.js'

const app = createManyRoutesApp({ code: schemaCode })

export default { fetch: app.fetch }
