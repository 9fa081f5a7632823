/** decorate / decorateRequest / decorateReply: Fastify 4's rules for where a decoration lands and what it may replace. */
import { errorCodes } from '../errors/codes.js'
import { fastify5ErrorCodes } from '../errors/fastify5-codes.js'
import { warnings } from '../errors/warnings.js'
import { contextOf, type ContextState, type RuntimeInstance } from './context-state.js'
import type { DataDecoration } from '../util/data-decorations.js'

export type DecoratorTarget = 'instance' | 'request' | 'reply'

interface Accessors { getter?: () => unknown, setter?: (value: unknown) => void }

/** Fastify 5's wording on its face; enclave()'s own advice (and `array` named as such) elsewhere. */
function referenceTypeError (api: 4 | 5, name: string, value: object): Error {
  if (api === 5) return new fastify5ErrorCodes.FST_ERR_DEC_REFERENCE_TYPE(name, 'object')
  return new errorCodes.FST_ERR_DEC_REFERENCE_TYPE(name, Array.isArray(value) ? 'array' : 'object', 'null or the { getter, setter } interface instead, and set the value in a hook.')
}

/** Fastify's rule: every object with a getter or a setter is an accessor pair. */
function isAccessors (value: unknown): value is Accessors {
  return typeof value === 'object' && value !== null &&
    (typeof (value as Accessors).getter === 'function' || typeof (value as Accessors).setter === 'function')
}

/** Where decorations live: the instance, or a Request/Reply prototype (every name and value). */
type Holder = Record<PropertyKey, unknown>

/** Where a decoration of this kind lives for this context: the instance or its Request/Reply prototype. */
function holderOf (instance: RuntimeInstance, target: DecoratorTarget): Holder {
  const context = contextOf(instance)
  if (target === 'instance') return instance
  return target === 'request' ? context.Request.prototype : context.Reply.prototype as Holder
}

/**
 * As in Fastify 4: an instance decorator may be shadowed by a descendant, but not redeclared in its
 * own context nor over the instance API (`get`, `register`…). A request/reply decorator is declared
 * once along a context's ancestry; the built-in request/reply members are not decorators and may be
 * replaced (plugins replace `reply.send`, `reply.code`; @fastify/cors `reply.getHeader`), the
 * assignment failing only where the member is a getter. Returns true for such a built-in.
 */
function checkAvailable (context: ContextState, holder: Holder, target: DecoratorTarget, name: PropertyKey): boolean {
  if (isConstructorMember(context, target, name)) throw new errorCodes.FST_ERR_DEC_ALREADY_PRESENT(String(name))
  const taken = target === 'instance'
    ? Object.prototype.hasOwnProperty.call(holder, name) || (name in holder && !context.ancestorDecorated(target, name) && !isEnclaveOnlyMember(target, name))
    : context.ownDecorators[target].includes(name) || hasDataDecoration(context, target, name) ||
      (context.ancestorDecorated(target, name) && name in holder && !isRedecoratable(holder, name))
  if (taken) throw new errorCodes.FST_ERR_DEC_ALREADY_PRESENT(String(name))
  if (target === 'instance' || !(name in holder) || context.ancestorDecorated(target, name)) return false
  // With trustProxy, Fastify 4.29 defines request.ips itself and refuses to have it decorated.
  if (target === 'request' && name === 'ips' && context.server.trustProxy !== null) throw new errorCodes.FST_ERR_DEC_ALREADY_PRESENT('ips')
  return true
}

/**
 * The members Fastify 5's Request and Reply constructors set on every instance: Fastify 5 counts them
 * as decorators (has*Decorator is true, a decoration of one is already present, a dependency may name
 * one); Fastify 4.29 sees only its prototypes, so on enclave() and the v4 face there are none.
 */
const constructorMembers: Readonly<Record<4 | 5, Readonly<Record<'request' | 'reply', ReadonlySet<PropertyKey>>>>> = {
  4: { request: new Set(), reply: new Set() },
  5: { request: new Set(['id', 'params', 'raw', 'query', 'log', 'body']), reply: new Set(['raw', 'request', 'log']) }
}

function isConstructorMember (context: ContextState, target: DecoratorTarget, name: PropertyKey): boolean {
  return target !== 'instance' && constructorMembers[context.server.profile.api][target].has(name)
}

/** The data decorations a context's requests or replies get (see data-decorations.ts). */
function dataDecorationsOf (context: ContextState, target: 'request' | 'reply'): DataDecoration[] {
  return target === 'request' ? context.Request.dataDecorations : context.Reply.dataDecorations
}

/** Whether a context's requests or replies get a data decoration of this name. */
export function hasDataDecoration (context: ContextState, target: DecoratorTarget, name: PropertyKey): boolean {
  if (target === 'instance') return false
  const decorations = dataDecorationsOf(context, target)
  for (let i = 0; i < decorations.length; i++) if (decorations[i]!.key === name) return true
  return false
}

/**
 * Fastify 4.29 lets a descendant redecorate an ancestor's request/reply decorator whose value is a
 * function (it lives on the prototype), not one whose value is data (set on every instance, which
 * hasDataDecoration finds); over an accessor the assignment decides (a getter alone throws a TypeError).
 */
function isRedecoratable (holder: Holder, name: PropertyKey): boolean {
  const descriptor = inheritedDescriptor(holder, name)
  return descriptor !== undefined && (typeof descriptor.value === 'function' || descriptor.get !== undefined || descriptor.set !== undefined)
}

function inheritedDescriptor (holder: Holder, name: PropertyKey): PropertyDescriptor | undefined {
  for (let proto: object | null = holder; proto !== null; proto = Object.getPrototypeOf(proto) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name)
    if (descriptor !== undefined) return descriptor
  }
  return undefined
}

/**
 * An accessor Enclave has where Fastify 4.29 has none (`request.ips` without trustProxy, and on
 * enclave() the members Fastify 5 added): there Fastify accepts every decoration, so the decoration
 * replaces the getter. On the v5 face Fastify 5's own accessors stay Fastify 5's.
 */
function isEnclaveOnlyAccessor (target: DecoratorTarget, name: PropertyKey, api: 4 | 5): boolean {
  if (target === 'request') return name === 'ips' || (api === 4 && fastify5RequestAccessors.has(name))
  return target === 'reply' && api === 4 && fastify5ReplyAccessors.has(name)
}

const fastify5RequestAccessors = new Set<PropertyKey>(['host', 'port', 'mediaType', 'signal'])
const fastify5ReplyAccessors = new Set<PropertyKey>(['routeOptions', 'mediaType'])

/**
 * An instance member Enclave has where Fastify has none (`app.fetch`): as in Fastify, the name is
 * free for a decoration, which shadows the member in its context and descendants; hasDecorator
 * and getDecorator see the decoration only.
 */
export function isEnclaveOnlyMember (target: DecoratorTarget, name: PropertyKey): boolean {
  return target === 'instance' && name === 'fetch'
}

function decoratedHere (context: ContextState, target: DecoratorTarget, name: PropertyKey): boolean {
  return context.ownDecorators[target].includes(name) || context.ancestorDecorated(target, name)
}

/**
 * Replaces a built-in as Fastify 4.29 does, by assignment: a method is replaced, a setter runs
 * (`reply.statusCode` validates the value, `reply.sent` accepts only true) and a getter alone
 * refuses with the engine's TypeError, as Fastify's does.
 */
function replaceBuiltin (holder: Holder, target: DecoratorTarget, name: PropertyKey, value: unknown, api: 4 | 5): void {
  const descriptor = inheritedDescriptor(holder, name)
  if (descriptor !== undefined && descriptor.get !== undefined && descriptor.set === undefined && isEnclaveOnlyAccessor(target, name, api)) {
    Object.defineProperty(holder, name, { value, writable: true, configurable: true, enumerable: false })
  } else {
    holder[name] = value
  }
}

/**
 * Data over an ancestor's getter that has no setter: Fastify accepts the decoration, then every
 * request or reply fails as it is made. Refused now instead, with the TypeError the assignment
 * throws (tried on an object of the context's prototype, so the message names Request or Reply).
 */
function refuseOverGetter (holder: Holder, name: PropertyKey, value: unknown): void {
  const descriptor = inheritedDescriptor(holder, name)
  if (descriptor === undefined || descriptor.get === undefined || descriptor.set !== undefined) return
  ;(Object.create(holder) as Holder)[name] = value
}

/** One object on the prototype is shared, and mutated, by every request: refused, or warned about. */
function checkReferenceValue (context: ContextState, name: string, value: object): void {
  if (context.server.options.referenceDecorators === 'reject') throw referenceTypeError(context.server.profile.api, name, value)
  warnings.FSTDEP006(name)
}

/** Dependencies name decorators of the same kind (a request decorator depends on request decorators). */
function checkDependencies (context: ContextState, holder: Holder, target: DecoratorTarget, name: PropertyKey, dependencies: unknown): void {
  if (dependencies === undefined || dependencies === null) return
  if (!Array.isArray(dependencies)) throw new errorCodes.FST_ERR_DEC_DEPENDENCY_INVALID_TYPE(String(name))
  for (const dependency of dependencies) {
    const present = (dependency as PropertyKey) in holder || isConstructorMember(context, target, dependency as PropertyKey) || hasDataDecoration(context, target, dependency as PropertyKey)
    if (!present) throw new errorCodes.FST_ERR_DEC_MISSING_DEPENDENCY(String(dependency))
  }
}

/**
 * decorate / decorateRequest / decorateReply. The value lands on the context's instance, on its
 * Request/Reply prototype (functions, accessors), or among the data every request or reply of the
 * context is given (data-decorations.ts): visible in the context and its descendants only.
 */
export function addDecorator (instance: RuntimeInstance, target: DecoratorTarget, rawName: unknown, value: unknown, dependencies?: unknown): void {
  // Any value names a decorator, as in Fastify: JavaScript turns it into a property key.
  const name: PropertyKey = typeof rawName === 'symbol' ? rawName : String(rawName)
  const context = contextOf(instance)
  if (context.server.configurationClosed) throw new errorCodes.FST_ERR_DEC_AFTER_START(String(name))
  const reference = target !== 'instance' && typeof value === 'object' && value !== null && !isAccessors(value)
  // Judged before the name and the dependencies, as Fastify does: a reference value is refused
  // (or warned about) whether or not the decoration would also fail for another reason.
  if (reference) checkReferenceValue(context, String(name), value)
  const holder = holderOf(instance, target)
  const builtin = checkAvailable(context, holder, target, name)
  checkDependencies(context, holder, target, name, dependencies)
  if (isAccessors(value)) {
    Object.defineProperty(holder, name, { get: value.getter, set: value.setter, configurable: true, enumerable: false })
  } else if (builtin) {
    if (reference) holder[name] = value
    else replaceBuiltin(holder, target, name, value, context.server.profile.api)
  } else if (isEnclaveOnlyMember(target, name)) {
    // Over the member's getter, which an assignment cannot replace.
    Object.defineProperty(holder, name, { value, writable: true, configurable: true, enumerable: true })
  } else if (target !== 'instance' && typeof value !== 'function') {
    refuseOverGetter(holder, name, value)
    dataDecorationsOf(context, target).push({ key: name, value })
  } else {
    holder[name] = value
  }
  context.ownDecorators[target].push(name)
}

export function hasDecorator (instance: RuntimeInstance, target: DecoratorTarget, name: PropertyKey): boolean {
  if (isEnclaveOnlyMember(target, name)) return decoratedHere(contextOf(instance), target, name)
  const context = contextOf(instance)
  return name in holderOf(instance, target) || isConstructorMember(context, target, name) || hasDataDecoration(context, target, name)
}
