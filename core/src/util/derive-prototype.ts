/** Building one entry's request or reply prototype from another's. */

/**
 * A copy of `base` without `drop`, with each of `adds` defined over it in turn: a member an add
 * redefines keeps its place, so every entry lists its members in one order (Fastify 4.29's, which
 * `for…in` shows). Descriptors are copied, so getters stay getters and read-only stays read-only.
 */
export function derivePrototype (base: object, drop: readonly string[], ...adds: object[]): object {
  const proto = {}
  for (const key of Reflect.ownKeys(base)) {
    if (typeof key === 'string' && drop.includes(key)) continue
    Object.defineProperty(proto, key, Object.getOwnPropertyDescriptor(base, key)!)
  }
  for (const add of adds) Object.defineProperties(proto, Object.getOwnPropertyDescriptors(add))
  return proto
}
