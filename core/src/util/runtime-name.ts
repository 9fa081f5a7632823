/** The JavaScript runtime this process runs on, as error messages name it. */
export function runtimeName (): string {
  const scope = globalThis as { Bun?: unknown, Deno?: unknown, navigator?: { userAgent?: unknown } }
  if (typeof scope.Bun === 'object') return 'Bun'
  if (typeof scope.Deno === 'object') return 'Deno'
  if (scope.navigator?.userAgent === 'Cloudflare-Workers') return 'Cloudflare Workers'
  return 'Node.js'
}
