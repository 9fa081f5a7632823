import { errorCodes } from '../errors/codes.js'
import { kContext } from '../symbols.js'
import type { ContextState } from './context-state.js'

export type DecoratorTarget = 'instance' | 'request' | 'reply'

interface Accessors { getter?: () => unknown, setter?: (value: unknown) => void }

/** Fastify's rule: any object with a getter or a setter function is an accessor pair. */
function isAccessors (value: unknown): value is Accessors {
  return typeof value === 'object' && value !== null &&
    (typeof (value as Accessors).getter === 'function' || typeof (value as Accessors).setter === 'function')
}

/** Where a decoration of this kind lives for this context: the instance or its Request/Reply prototype. */
function holderOf (instance: any, target: DecoratorTarget): any {
  const context: ContextState = instance[kContext]
  if (target === 'instance') return instance
  return target === 'request' ? context.Request.prototype : context.Reply.prototype
}

/**
 * As in Fastify 4: an instance decorator may be shadowed by a descendant, but not redeclared in its
 * own context nor over the instance API (`get`, `register`…). A request/reply decorator is declared
 * once along a context's ancestry; the built-in request/reply members are not decorators and may be
 * replaced (plugins replace `reply.send`, `reply.code`…), the assignment failing only where the
 * member is a getter.
 */
function checkAvailable (context: ContextState, holder: any, target: DecoratorTarget, name: PropertyKey): void {
  const taken = target === 'instance'
    ? Object.prototype.hasOwnProperty.call(holder, name) || (name in holder && !context.ancestorDecorated(target, name))
    : context.ownDecorators[target].includes(name) || context.ancestorDecorated(target, name)
  if (taken) throw new errorCodes.FST_ERR_DEC_ALREADY_PRESENT(String(name))
}

/** Dependencies name decorators of the same kind (a request decorator depends on request decorators). */
function checkDependencies (holder: any, name: PropertyKey, dependencies: unknown): void {
  if (dependencies === undefined) return
  if (!Array.isArray(dependencies)) throw new errorCodes.FST_ERR_DEC_DEPENDENCY_INVALID_TYPE(String(name))
  for (const dependency of dependencies) {
    if (!(dependency in holder)) throw new errorCodes.FST_ERR_DEC_MISSING_DEPENDENCY(String(dependency))
  }
}

/**
 * decorate / decorateRequest / decorateReply. The value lands on the context's instance or on its
 * Request/Reply prototype, so it is visible in the context and its descendants only.
 */
export function addDecorator (instance: any, target: DecoratorTarget, name: unknown, value: unknown, dependencies?: unknown): void {
  const context: ContextState = instance[kContext]
  if (typeof name !== 'string' && typeof name !== 'symbol') throw new errorCodes.ENC_ERR_DEC_INVALID_NAME(typeof name)
  if (context.server.booted) throw new errorCodes.FST_ERR_DEC_AFTER_START(String(name))
  const holder = holderOf(instance, target)
  checkAvailable(context, holder, target, name)
  checkDependencies(holder, name, dependencies)
  if (isAccessors(value)) {
    Object.defineProperty(holder, name, { get: value.getter, set: value.setter, configurable: true, enumerable: false })
  } else if (target !== 'instance' && typeof value === 'object' && value !== null) {
    // One object on the prototype would be shared, and mutated, by every request.
    throw new errorCodes.FST_ERR_DEC_REFERENCE_TYPE(String(name), Array.isArray(value) ? 'array' : 'object')
  } else {
    holder[name] = value
  }
  context.ownDecorators[target].push(name)
}

export function hasDecorator (instance: any, target: DecoratorTarget, name: PropertyKey): boolean {
  return name in holderOf(instance, target)
}

/** Fastify 5's getDecorator: a missing name is an error, not a silent undefined; methods come bound. */
export function getDecorator (instance: any, name: PropertyKey): unknown {
  if (!(name in instance)) throw new errorCodes.FST_ERR_DEC_UNDECLARED(String(name), 'instance')
  const value = instance[name]
  return typeof value === 'function' ? value.bind(instance) : value
}
