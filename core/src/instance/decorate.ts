import { errorCodes } from '../errors/codes.js'
import { kContext } from '../symbols.js'
import type { ContextState } from './context-state.js'

type Target = 'instance' | 'request' | 'reply'

function isGetterSetter (value: unknown): value is { getter?: () => unknown, setter?: (v: unknown) => void } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) &&
    (typeof (value as any).getter === 'function' || typeof (value as any).setter === 'function') &&
    Object.keys(value).every((key) => key === 'getter' || key === 'setter')
}

function holderOf (instance: any, target: Target): any {
  const context: ContextState = instance[kContext]
  if (target === 'instance') return instance
  return target === 'request' ? context.Request.prototype : context.Reply.prototype
}

function checkDependencies (instance: any, target: Target, name: string, dependencies: unknown): void {
  if (dependencies === undefined) return
  if (!Array.isArray(dependencies)) throw new errorCodes.FST_ERR_DEC_DEPENDENCY_INVALID_TYPE(name)
  const holder = holderOf(instance, target)
  for (const dependency of dependencies) {
    if (!(dependency in holder) && !(dependency in instance)) throw new errorCodes.FST_ERR_DEC_MISSING_DEPENDENCY(dependency)
  }
}

/**
 * decorate / decorateRequest / decorateReply. The value lands on the context's instance or on its
 * Request/Reply prototype, so it is visible in the context and its descendants only.
 */
export function addDecorator (instance: any, target: Target, name: unknown, value: unknown, dependencies?: unknown): void {
  const context: ContextState = instance[kContext]
  if (typeof name !== 'string' && typeof name !== 'symbol') throw new errorCodes.FST_ERR_DEC_DEPENDENCY_INVALID_TYPE(String(name))
  const label = String(name)
  if (context.server.booted) throw new errorCodes.FST_ERR_DEC_AFTER_START(label)
  const holder = holderOf(instance, target)
  if (name in holder) throw new errorCodes.FST_ERR_DEC_ALREADY_PRESENT(label)
  checkDependencies(instance, target, label, dependencies)
  if (target !== 'instance' && typeof value === 'object' && value !== null && !isGetterSetter(value)) {
    // One object on the prototype would be shared (and mutated) by every request.
    throw new errorCodes.FST_ERR_DEC_REFERENCE_TYPE(label, Array.isArray(value) ? 'array' : 'object')
  }
  if (isGetterSetter(value)) {
    Object.defineProperty(holder, name, { get: value.getter, set: value.setter, configurable: true, enumerable: false })
  } else {
    holder[name] = value
  }
  context.ownDecorators[target].push(label)
}

export function hasDecorator (instance: any, target: Target, name: string | symbol): boolean {
  return name in holderOf(instance, target)
}

export function getDecorator (instance: any, name: string | symbol): unknown {
  if (!(name in instance)) throw new errorCodes.FST_ERR_DEC_UNDECLARED(String(name), 'instance')
  const value = instance[name]
  return typeof value === 'function' ? value.bind(instance) : value
}
