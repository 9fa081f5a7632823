import { buildApp } from './app.js'

/** Deno's server and environment, as much of them as this file uses (Deno's own types are not installed here). */
declare const Deno: {
  serve: (options: { port: number, hostname: string, onListen: (address: { hostname: string, port: number }) => void }, handler: (request: Request, info: unknown) => Promise<Response>) => unknown
  env: { get: (name: string) => string | undefined }
}

/**
 * The example API on Deno: `deno run --allow-net --allow-env --allow-read --allow-sys examples/dist/app/deno.js`
 * (after `npm run build`). Deno.serve calls app.fetch; PORT / HOST / API_KEY as for server.ts.
 * Prints the address it listens at.
 */
const app = buildApp({ apiKeys: [Deno.env.get('API_KEY') ?? 'local-dev-key'] })
Deno.serve({
  port: Number(Deno.env.get('PORT') ?? 3000),
  hostname: Deno.env.get('HOST') ?? '127.0.0.1',
  onListen ({ hostname, port }) { console.log(`Enclave example API on Deno at http://${hostname}:${port}`) }
}, app.fetch)
