/** `request.params` of a request no route and no prefixed not-found route matched. */
import type { Profile } from '../profile.js'

export type NotFoundParams = (path: string) => Record<string, string>

/** As Fastify 4.29, whose root not-found route is `/*`: the rest of the path, decoded, is params['*']. */
function plainNotFoundParams (path: string): Record<string, string> {
  if (path === '/' || path === '') return {}
  return { '*': decodedRest(path) }
}

/** Fastify 5's params have no prototype (no `hasOwnProperty`, nothing a polluted Object.prototype adds), the not-found ones included. */
function prototypeFreeNotFoundParams (path: string): Record<string, string> {
  const params = Object.create(null) as Record<string, string>
  if (path !== '/' && path !== '') params['*'] = decodedRest(path)
  return params
}

function decodedRest (path: string): string {
  const rest = path.slice(1)
  try {
    return decodeURIComponent(rest)
  } catch {
    return rest
  }
}

/** Chosen once per server: matched routes get find-my-way's prototype-free params on every entry already. */
export function notFoundParamsOf (profile: Profile): NotFoundParams {
  return profile.api === 5 ? prototypeFreeNotFoundParams : plainNotFoundParams
}
