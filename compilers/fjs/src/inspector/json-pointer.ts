/** Extends a JSON pointer (RFC 6901) by one reference token. */
export function appendToPointer (pointer: string, token: string | number): string {
  return `${pointer}/${String(token).replace(/~/g, '~0').replace(/\//g, '~1')}`
}

/**
 * Follows a pointer taken from a `$ref` fragment. Fragments are URI-encoded as well
 * (`#/definitions/a%20b`), so tokens are percent-decoded before the `~1`/`~0` unescaping.
 */
export function evaluatePointer (root: unknown, pointer: string): unknown {
  if (pointer === '') return root
  let current = root
  for (const rawToken of pointer.slice(1).split('/')) {
    current = readToken(current, decodeToken(rawToken))
    if (current === undefined) return undefined
  }
  return current
}

function decodeToken (rawToken: string): string {
  let token = rawToken
  try {
    token = decodeURIComponent(rawToken)
  } catch {
    // not percent-encoded after all: use it verbatim
  }
  return token.replace(/~1/g, '/').replace(/~0/g, '~')
}

function readToken (container: unknown, token: string): unknown {
  if (typeof container !== 'object' || container === null) return undefined
  if (!Object.prototype.hasOwnProperty.call(container, token)) return undefined
  return (container as Record<string, unknown>)[token]
}
