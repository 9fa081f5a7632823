// Checked by `npm run typecheck` (tsc -p tsconfig.typecheck.json); never executed.
import enclave from '@enclave/core'
import errorMessage, { type ErrorMessageOptions } from '@enclave/error-message'

const app = enclave()

app.register(errorMessage)
app.register(errorMessage, { maxErrors: 5, singleError: '; ', keepErrors: true, customOptions: { coerceTypes: false }, plugins: [] })

// @ts-expect-error maxErrors is a number
const wrongCap: ErrorMessageOptions = { maxErrors: '10' }
// @ts-expect-error customOptions are Ajv options
const wrongAjv: ErrorMessageOptions = { customOptions: { coerceTypes: 'sometimes' } }

export { wrongCap, wrongAjv }
