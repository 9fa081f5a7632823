/** Building one entry's request or reply prototype from another's. */

/**
 * A copy of `base` without `drop`, with each of `adds` defined over it in turn: a member an add
 * redefines keeps its place, so every entry defines its members in one order. Descriptors are
 * copied, so getters stay getters and read-only stays read-only.
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

/**
 * A copy of `proto` whose string-keyed members are enumerable only if `enumerable` names them, first
 * and in that order. Fastify defines its request accessors as non-enumerable and its reply methods by
 * assignment, so a `for…in` over a request lists its own fields only, and over a reply its own fields,
 * then those methods in the order Fastify's source assigns them (decorations, on the context's
 * prototype, in between). Each entry's prototypes are built so, to list the same.
 */
export function withForInOrder (proto: object, enumerable: readonly string[]): object {
  const ordered = {}
  for (const key of enumerable) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, key)
    if (descriptor === undefined) throw new Error(`withForInOrder: no member ${key}`)
    descriptor.enumerable = true
    Object.defineProperty(ordered, key, descriptor)
  }
  for (const key of Reflect.ownKeys(proto)) {
    if (typeof key === 'string' && enumerable.includes(key)) continue
    const descriptor = Object.getOwnPropertyDescriptor(proto, key)!
    descriptor.enumerable = false
    Object.defineProperty(ordered, key, descriptor)
  }
  return ordered
}
