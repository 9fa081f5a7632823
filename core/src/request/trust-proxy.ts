/** The `trustProxy` option, turned into the function that says which hops of X-Forwarded-For to trust. */
import { ipFamily } from '../util/ip-family.js'
import { errorCodes } from '../errors/codes.js'

export type TrustFunction = (address: string, hop: number) => boolean

/** Ranges the proxy-addr keywords stand for. */
const namedRanges: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7']
}

/** An IPv4 address mapped into IPv6 (`::ffff:10.0.0.1`), as dual-stack sockets report it, is IPv4. */
function unmapped (address: string): string {
  if (address.length > 7 && address.slice(0, 7).toLowerCase() === '::ffff:' && ipFamily(address.slice(7)) === 4) return address.slice(7)
  return address
}

function ipv4ToBigInt (address: string): bigint {
  let value = 0n
  for (const octet of address.split('.')) value = (value << 8n) + BigInt(Number(octet))
  return value
}

function ipv6ToBigInt (address: string): bigint {
  let text = address.split('%')[0]!.toLowerCase()
  // A trailing dotted quad (::ffff:1.2.3.4) stands for the last two groups.
  const lastColon = text.lastIndexOf(':')
  const tail = text.slice(lastColon + 1)
  if (tail.includes('.')) {
    const v4 = ipv4ToBigInt(tail)
    text = text.slice(0, lastColon + 1) + (v4 >> 16n).toString(16) + ':' + (v4 & 0xffffn).toString(16)
  }
  const [head, rest] = text.split('::') as [string, string | undefined]
  const headGroups = head === '' ? [] : head.split(':')
  const restGroups = rest === undefined || rest === '' ? [] : rest.split(':')
  const groups = rest === undefined
    ? headGroups
    : [...headGroups, ...new Array<string>(8 - headGroups.length - restGroups.length).fill('0'), ...restGroups]
  let value = 0n
  for (const group of groups) value = (value << 16n) + BigInt(parseInt(group, 16))
  return value
}

interface Range { family: 4 | 6, network: bigint, mask: bigint }

function maskOf (bits: number, width: number): bigint {
  return bits === 0 ? 0n : ((1n << BigInt(bits)) - 1n) << BigInt(width - bits)
}

function invalidEntry (entry: string): Error {
  return new errorCodes.FST_ERR_INIT_OPTS_INVALID(`trustProxy entry '${entry}' is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal`)
}

/** `10.0.0.0/8`, `10.0.0.0/255.0.0.0`, `fc00::/7` or a single address (a full-length range). */
function parseRange (entry: string): Range {
  const slash = entry.indexOf('/')
  const base = unmapped(slash === -1 ? entry : entry.slice(0, slash))
  const family = ipFamily(base)
  if (family !== 4 && family !== 6) throw invalidEntry(entry)
  const width = family === 4 ? 32 : 128
  const value = family === 4 ? ipv4ToBigInt(base) : ipv6ToBigInt(base)
  let bits = width
  if (slash !== -1) {
    const suffix = entry.slice(slash + 1)
    if (family === 4 && ipFamily(suffix) === 4) {
      const mask = ipv4ToBigInt(suffix)
      return { family, network: value & mask, mask }
    }
    bits = Number(suffix)
    if (!/^\d+$/.test(suffix) || bits > width) throw invalidEntry(entry)
  }
  const mask = maskOf(bits, width)
  return { family, network: value & mask, mask }
}

function inRange (range: Range, address: string): boolean {
  const plain = unmapped(address)
  const family = ipFamily(plain)
  if (family !== range.family) return false
  const value = family === 4 ? ipv4ToBigInt(plain) : ipv6ToBigInt(plain)
  return (value & range.mask) === range.network
}

/** The trusted addresses of a string / array trustProxy option, resolved once at creation. */
function createRangeMatcher (entries: string[]): TrustFunction {
  const ranges: Range[] = []
  for (const entry of entries) {
    for (const item of namedRanges[entry] ?? [entry]) ranges.push(parseRange(item))
  }
  return function isTrustedAddress (address: string): boolean {
    for (const range of ranges) {
      if (inRange(range, address)) return true
    }
    return false
  }
}

/**
 * The trustProxy option as a function of (address, hop), like proxy-addr: true trusts every hop,
 * a number trusts none (a hop count cannot check the peer), strings/arrays name trusted addresses, CIDR ranges or the
 * keywords loopback / linklocal / uniquelocal, a function decides itself. null when proxies are not
 * trusted (the default). A malformed address is an error at creation.
 */
export function createTrustFunction (option: unknown): TrustFunction | null {
  // Any falsy value (0 and '' included) trusts no proxy, as Fastify 4.29 reads the option.
  if (!option) return null
  if (option === true) return function trustEveryHop () { return true }
  // A hop count cannot tell a proxy from a client that reached the server directly and wrote the
  // X-Forwarded-* lines itself, so it trusts no hop (Fastify 5.12.1's fix, on every entry).
  if (typeof option === 'number') return function trustNoHop () { return false }
  if (typeof option === 'function') return option as TrustFunction
  const entries = (Array.isArray(option) ? option : String(option).split(','))
    .map((entry) => String(entry).trim())
    .filter((entry) => entry.length > 0)
  return createRangeMatcher(entries)
}
