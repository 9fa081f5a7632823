/** Fastify 5's getDecorator / setDecorator, on the instance, the request and the reply. */
import { errorCodes } from '../errors/codes.js'

/** Which object a decorator is looked up on, as the error message names it. */
export type DecoratedKind = 'instance' | 'request' | 'reply'

/**
 * The value of a member visible on `holder` (a decoration or a built-in, as Fastify 5 allows both);
 * a function comes bound to `holder`. A name that is not there is an error, not a silent undefined.
 */
export function getDecorator (holder: object, kind: DecoratedKind, name: PropertyKey): unknown {
  if (!(name in holder)) throw new errorCodes.FST_ERR_DEC_UNDECLARED(String(name), kind)
  const value: unknown = (holder as Record<PropertyKey, unknown>)[name]
  return typeof value === 'function' ? value.bind(holder) : value
}

/** Assigns a member visible on `holder`, so a mistyped decorator name fails instead of adding a property. */
export function setDecorator (holder: object, kind: DecoratedKind, name: PropertyKey, value: unknown): void {
  if (!(name in holder)) throw new errorCodes.FST_ERR_DEC_UNDECLARED(String(name), kind)
  ;(holder as Record<PropertyKey, unknown>)[name] = value
}
