// Enclave's one addition to Fastify v4's instance (not a Fastify contract, so not in the files
// type-contracts-parity compiles against fastify@4.29.1): app.fetch, bound, as runtimes take it.
import Fastify, { type FastifyInstance } from 'fastify'
import { assertType, type Equal } from './expect.js'
{
  const app: FastifyInstance = Fastify()
  const { fetch } = app
  assertType<Equal<typeof fetch, (request: Request, ...platformArgs: unknown[]) => Promise<Response>>>()
  const worker = { fetch: app.fetch }
  void worker.fetch(new Request('http://localhost/'))
}
