import type { ResolvedOptions } from './options.js'

/** The WWW-Authenticate value of each kind of 401, or null when the header is turned off. */
export interface Challenges {
  /** No Bearer credentials (none at all, or another scheme's, `Basic …`): RFC 6750 §3.1 says not to name an error code then. */
  readonly missing: string | null
  /** Our scheme, but not `<scheme> <token>`: `invalid_request`. */
  readonly invalidRequest: string | null
  /** A well-formed header whose token is refused: `invalid_token`. */
  readonly invalidToken: string | null
}

function quoted (value: string): string {
  return '"' + value.replace(/["\\]/g, '\\$&') + '"'
}

/** Built once at registration; a refused request only picks one of the three strings. */
export function buildChallenges (options: ResolvedOptions): Challenges {
  if (!options.wwwAuthenticate) return { missing: null, invalidRequest: null, invalidToken: null }
  const base = `${options.bearerType} realm=${quoted(options.realm)}`
  return {
    missing: base,
    invalidRequest: `${base}, error="invalid_request"`,
    invalidToken: `${base}, error="invalid_token"`
  }
}
