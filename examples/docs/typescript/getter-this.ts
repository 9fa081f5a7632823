import Fastify, { type FastifyInstance } from '@enclave/fastify'

const app = Fastify()

// #region getter
app.decorate<string>('greeting', {
  getter (this: FastifyInstance) { return `hello from ${this.version}` }
})
// #endregion getter

export default app
