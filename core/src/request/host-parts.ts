/** `request.hostname` and `request.port` as Fastify 5 derives them from `request.host`. */

/**
 * The host without its port: up to the closing bracket of an IPv6 literal (`[::1]`, kept bracketed;
 * '' when the bracket never closes), else up to the first colon.
 */
export function hostnameOf (host: string): string {
  if (host.charCodeAt(0) === 91 /* [ */) return host.slice(0, host.indexOf(']') + 1)
  const colon = host.indexOf(':')
  return colon === -1 ? host : host.slice(0, colon)
}

/** The digits after the last colon as a number (`host:0080` → 80); null when there are none or anything else follows it. */
export function portOf (host: string): number | null {
  const colon = host.lastIndexOf(':')
  if (colon === -1 || colon === host.length - 1) return null
  for (let i = colon + 1; i < host.length; i++) {
    const code = host.charCodeAt(i)
    if (code < 48 || code > 57) return null
  }
  return Number(host.slice(colon + 1))
}
