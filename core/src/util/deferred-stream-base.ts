/**
 * A base class for app.fetch()'s stand-ins (the raw request, response and socket) that is a Node
 * Readable, Writable or EventEmitter whose state is made on first use. Plugins may use them as
 * streams and emitters, so they are ones (`instanceof` included); a small request never does, and
 * on Bun and Deno making a stream's state costs about a third of what the rest of such a request
 * costs. The base's constructor runs the first time its state is read (`_readableState`,
 * `_writableState`, `_events`), which every method of Node's streams and EventEmitter does first,
 * so a stream used at any point behaves as one made with the object.
 */

/** Whether the base's constructor has run on an object (false until then; absent on prototypes). */
const kStreamMade = Symbol('enclave.streamMade')

interface Deferrable {
  [kStreamMade]?: boolean
}

// Node's stream and EventEmitter constructors: function constructors in Node, Bun and Deno.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type BaseConstructor = abstract new (...args: any[]) => object

/**
 * `Base` with its constructor deferred: `class X extends deferredBase(Readable, '_readableState', options)`.
 * `stateKey` is the field the base's constructor makes first and its methods read (none for EventEmitter).
 */
export function deferredBase<T extends BaseConstructor> (Base: T, stateKey: string | null, options: object | undefined): T {
  const construct = Base as unknown as { call: (target: object, options: object | undefined) => void }
  // A runtime whose base is a class (it cannot be called on an existing object): made eagerly there.
  if (!isCallable(construct, Base.prototype as object, options)) return Base
  function Deferred (this: Deferrable): void {
    this[kStreamMade] = false
  }
  const prototype = Object.create(Base.prototype as object) as object
  const keys = stateKey === null ? ['_events'] : [stateKey, '_events']
  for (const key of keys) {
    Object.defineProperty(prototype, key, {
      configurable: true,
      enumerable: false,
      get (this: Deferrable) {
        // A prototype, or an object whose base is being made (its constructor reads the field before setting it).
        if (this[kStreamMade] !== false) return undefined
        this[kStreamMade] = true
        construct.call(this, options)
        return (this as Record<string, unknown>)[key]
      },
      set (this: object, value: unknown) {
        Object.defineProperty(this, key, { value, writable: true, enumerable: true, configurable: true })
      }
    })
  }
  Deferred.prototype = prototype
  return Deferred as unknown as T
}

function isCallable (construct: { call: (target: object, options: object | undefined) => void }, prototype: object, options: object | undefined): boolean {
  try {
    construct.call(Object.create(prototype) as object, options)
    return true
  } catch {
    return false
  }
}

/** Whether anything has used the object as a stream or emitter yet (if not, it has no listener and its stream is fresh). */
export function streamMade (target: object): boolean {
  return (target as Deferrable)[kStreamMade] !== false
}
