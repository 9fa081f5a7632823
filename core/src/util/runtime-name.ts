/** The JavaScript runtime this process runs on, as error messages name it; known at import. */
export type RuntimeName = 'Bun' | 'Deno' | 'Cloudflare Workers' | 'Node.js'

function detectRuntime (): RuntimeName {
  const scope = globalThis as { Bun?: unknown, Deno?: unknown, navigator?: { userAgent?: unknown } }
  if (typeof scope.Bun === 'object') return 'Bun'
  if (typeof scope.Deno === 'object') return 'Deno'
  if (scope.navigator?.userAgent === 'Cloudflare-Workers') return 'Cloudflare Workers'
  return 'Node.js'
}

export const runtimeName: RuntimeName = detectRuntime()
