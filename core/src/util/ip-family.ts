/** Whether a string is an IPv4 or IPv6 address, as Node's `net.isIP` answers, without `node:net` (runtimes without it). */

const octet = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)'
const ipv4 = `(?:${octet}\\.){3}${octet}`
const group = '[0-9a-fA-F]{1,4}'
// The last 32 bits: two groups or a dotted quad (RFC 3986's ls32).
const last32 = `(?:${group}:${group}|${ipv4})`
/** `n` or fewer groups each followed by a colon, then one group: what may stand before `::`. */
function upTo (n: number): string {
  return `(?:(?:${group}:){0,${n}}${group})?`
}
// RFC 3986's IPv6address, one alternative per place `::` may stand, then Node's optional zone (`%eth0`).
const ipv6 = [
  `(?:${group}:){6}${last32}`,
  `::(?:${group}:){5}${last32}`,
  `${upTo(0)}::(?:${group}:){4}${last32}`,
  `${upTo(1)}::(?:${group}:){3}${last32}`,
  `${upTo(2)}::(?:${group}:){2}${last32}`,
  `${upTo(3)}::${group}:${last32}`,
  `${upTo(4)}::${last32}`,
  `${upTo(5)}::${group}`,
  `${upTo(6)}::`
].join('|')

const ipv4Pattern = new RegExp(`^${ipv4}$`)
const ipv6Pattern = new RegExp(`^(?:${ipv6})(?:%[0-9a-zA-Z\\-.:]+)?$`)

/** 4, 6, or 0 when the text is neither (net.isIP's answers; core/test/ip-family.test.ts compares them). */
export function ipFamily (text: string): 0 | 4 | 6 {
  if (ipv4Pattern.test(text)) return 4
  if (ipv6Pattern.test(text)) return 6
  return 0
}
