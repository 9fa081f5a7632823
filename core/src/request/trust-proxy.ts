import { isIP } from 'node:net'

export type TrustFunction = (address: string, hop: number) => boolean

function ipv4ToNumber (address: string): number {
  return address.split('.').reduce((value, octet) => (value << 8) + Number(octet), 0) >>> 0
}

/** An address or an IPv4 CIDR range (`10.0.0.0/8`); keywords loopback / linklocal / uniquelocal. */
function createMatcher (entry: string): (address: string) => boolean {
  const named: Record<string, string[]> = {
    loopback: ['127.0.0.0/8', '::1'],
    linklocal: ['169.254.0.0/16', 'fe80::'],
    uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::']
  }
  const list = named[entry] ?? [entry]
  const matchers = list.map((item) => {
    const [base, bits] = item.split('/')
    if (bits !== undefined && isIP(base!) === 4) {
      const mask = Number(bits) === 0 ? 0 : (~0 << (32 - Number(bits))) >>> 0
      const network = ipv4ToNumber(base!) & mask
      return (address: string) => isIP(address) === 4 && (ipv4ToNumber(address) & mask) === network
    }
    if (item.endsWith('::')) return (address: string) => address.toLowerCase().startsWith(item.slice(0, -2))
    return (address: string) => address === item || address === '::ffff:' + item
  })
  return (address) => matchers.some((match) => match(address))
}

/**
 * The trustProxy option as a function of (address, hop), like proxy-addr: true trusts every hop,
 * a number trusts that many hops, strings/arrays name trusted addresses or ranges, a function
 * decides itself. null when proxies are not trusted (the default).
 */
export function createTrustFunction (option: unknown): TrustFunction | null {
  if (option === false || option === undefined || option === null) return null
  if (option === true) return () => true
  if (typeof option === 'number') return (_address, hop) => hop < option
  if (typeof option === 'function') return option as TrustFunction
  const entries = (Array.isArray(option) ? option : String(option).split(',')).map((entry) => String(entry).trim()).filter((entry) => entry.length > 0)
  const matchers = entries.map(createMatcher)
  return (address) => matchers.some((match) => match(address))
}
