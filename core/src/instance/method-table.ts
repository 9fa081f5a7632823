/** The type every group of instance methods is checked against, so `tsc` fails when a runtime method and the public `EnclaveInstance` drift. */
import type { EnclaveInstance } from '../types/instance.js'
import type { EnclaveInstanceDecorations } from '../types/decorations.js'
import type { RuntimeInstance } from './context-state.js'

/**
 * The members the instance prototype provides: all of EnclaveInstance but the decorations users
 * declare, `initialConfig` (set on the root by the factory) and `after` (avvio adds it).
 */
export type PrototypeMember = Exclude<keyof EnclaveInstance, keyof EnclaveInstanceDecorations | '~decorations' | 'initialConfig' | 'after'>

/**
 * A method must accept what the public signature passes (its last overload, the widest); a method
 * whose signatures are generic (register, the route shortcuts) must be a method; a read-only
 * property (a getter here) must give the public type.
 */
type RuntimeMember<K extends PrototypeMember> = EnclaveInstance[K] extends (...args: infer A) => unknown
  ? (this: RuntimeInstance, ...args: A) => unknown
  : EnclaveInstance[K] extends (...args: never[]) => unknown
    ? (this: RuntimeInstance, ...args: never[]) => unknown
    : EnclaveInstance[K]

/**
 * `satisfies MethodGroup`: no member outside the public interface, each one compatible with it;
 * `this` in the methods and getters is the runtime instance.
 */
export type MethodGroup = Partial<{ [K in PrototypeMember]: RuntimeMember<K> }> & ThisType<RuntimeInstance>
