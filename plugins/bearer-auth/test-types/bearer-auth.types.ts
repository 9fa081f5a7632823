// Checked by `npm run typecheck` (tsc -p tsconfig.typecheck.json); never executed.
import enclave from '@enclave/core'
import bearerAuth, { type BearerAuthOptions, type VerifyBearerAuth } from '@enclave/bearer-auth'

const app = enclave()

app.register(bearerAuth, { keys: ['a'], specCompliance: 'rfc6749', addHook: 'preHandler', realm: 'x' })
app.register(bearerAuth, { keys: new Set(['a']) })
app.register(bearerAuth, { auth: async (key: string) => key === 'a' ? { id: 1 } : false })

// @ts-expect-error specCompliance is one of two strings
app.register(bearerAuth, { keys: ['a'], specCompliance: 'rfc1234' })
// @ts-expect-error addHook names a pre-handler hook
const wrongHook: BearerAuthOptions = { addHook: 'onSend' }
// @ts-expect-error keys are strings
const wrongKeys: BearerAuthOptions = { keys: [1] }

app.get('/', (request) => {
  const token: string | null | undefined = request.bearerToken
  const principal: object | null | undefined = request.bearerPrincipal
  // @ts-expect-error the token is not a number
  const asNumber: number = request.bearerToken
  return { token, principal, asNumber }
})

const verify: VerifyBearerAuth | undefined = app.verifyBearerAuth
const built: VerifyBearerAuth | undefined = app.verifyBearerAuthFactory?.({ keys: ['b'] })

export { wrongHook, wrongKeys, verify, built }
