import { buildApp } from './app.js'

/** Bun's server, as much of it as this file uses (Bun's own types are not installed here). */
declare const Bun: { serve: (options: { port: number, hostname: string, fetch: (request: Request, server: unknown) => Promise<Response> }) => { port: number } }

/**
 * The example API on Bun: `bun examples/dist/app/bun.js` (after `npm run build`). Bun.serve calls
 * app.fetch; PORT / HOST / API_KEY as for server.ts. Prints the address it listens at.
 */
const app = buildApp({ apiKeys: [process.env.API_KEY ?? 'local-dev-key'] })
const server = Bun.serve({ port: Number(process.env.PORT ?? 3000), hostname: process.env.HOST ?? '127.0.0.1', fetch: app.fetch })
console.log(`Enclave example API on Bun at http://${process.env.HOST ?? '127.0.0.1'}:${server.port}`)
