/**
 * The request targets Fastify 5's router (find-my-way 9.10.2) refuses with `FST_ERR_BAD_URL` before
 * it looks at any route, so that Enclave refuses them too when no route has the request's method and
 * find-my-way never reads the path.
 */

/**
 * The path an absolute-form target (`http://host/path?query`) routes by, `'*'` for the asterisk
 * form, or null when the target is neither: another scheme, no host, a fragment (never valid in a
 * request target, and a `/` after one must not start a path), or a URL that does not parse.
 */
function pathOfAbsoluteForm (target: string): string | null {
  if (target === '*') return target
  const schemeEnd = target.indexOf('://')
  if (schemeEnd === -1) return null
  const scheme = target.slice(0, schemeEnd).toLowerCase()
  if (scheme !== 'http' && scheme !== 'https') return null
  const hostStart = schemeEnd + 3
  const slash = target.indexOf('/', hostStart)
  const mark = target.indexOf('?', hostStart)
  let hostEnd = slash === -1 ? target.length : slash
  if (mark !== -1 && mark < hostEnd) hostEnd = mark
  if (hostEnd === hostStart || target.includes('#', hostStart)) return null
  if (!URL.canParse(target)) return null
  const parsed = new URL(target)
  if (parsed.protocol !== scheme + ':' || parsed.host === '') return null
  if (hostEnd === target.length) return '/'
  return hostEnd === mark ? '/' + target.slice(mark) : target.slice(slash)
}

/** Where the path ends and the router stops decoding: at `?`, `#`, or `;` when it delimits too. */
function pathEnd (path: string, semicolonDelimits: boolean): number {
  for (let i = 0; i < path.length; i++) {
    const code = path.charCodeAt(i)
    if (code === 63 || code === 35 || (code === 59 && semicolonDelimits)) return i
  }
  return path.length
}

/**
 * What Fastify 5 names in the 400 `FST_ERR_BAD_URL` for this target, or null when it routes: the
 * target itself when it is no path nor a usable absolute URL, else the path (query included) when
 * its percent-escapes do not decode.
 */
export function unroutableTarget (target: string | undefined, semicolonDelimits: boolean): string | null {
  if (target === undefined) return null
  let path = target
  if (target.charCodeAt(0) !== 47) {
    const absolutePath = pathOfAbsoluteForm(target)
    if (absolutePath === null) return target
    path = absolutePath
  }
  if (!path.includes('%')) return null
  try {
    decodeURIComponent(path.slice(0, pathEnd(path, semicolonDelimits)))
    return null
  } catch {
    return path
  }
}
