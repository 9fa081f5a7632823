import enclave from '@enclave/core'

interface AppConfig { region: string }
interface Account { id: number }

// #region declare
declare module '@enclave/core' {
  interface EnclaveInstanceDecorations { appConfig: AppConfig }   // or: interface FastifyInstance { appConfig: AppConfig }
  interface EnclaveRequestDecorations { account: Account | null } // or: interface FastifyRequest { … }
  interface EnclaveReplyDecorations { currency: string }          // or: interface FastifyReply { … }
}
// #endregion declare

const app = enclave()
app.decorate('appConfig', { region: 'eu' })
app.decorateRequest('account', null)
app.decorateReply('currency', 'EUR')
app.get('/where', async (request, reply) => ({ region: app.appConfig.region, account: request.account?.id ?? null, currency: reply.currency }))

export default app
