/** The prototype of every instance, assembled from the method groups, and the check that it covers the public `EnclaveInstance`. */
import { fastify5RouteShortcuts, routeMethods } from './route-methods.js'
import { hookMethods } from './hook-methods.js'
import { decoratorMethods } from './decorator-methods.js'
import { schemaMethods } from './schema-methods.js'
import { loggingMethods } from './logging-methods.js'
import { handlerMethods } from './handler-methods.js'
import { parserMethods } from './parser-methods.js'
import { lifecycleMethods } from './lifecycle-methods.js'
import { infoMethods } from './info-methods.js'
import { derivePrototype } from '../util/derive-prototype.js'
import { hideMembers } from './own-members.js'
import type { PrototypeMember } from './method-table.js'
import type { Profile } from '../profile.js'

const groups = [lifecycleMethods, routeMethods, infoMethods, hookMethods, decoratorMethods, schemaMethods, loggingMethods, handlerMethods, parserMethods]

type Provided = keyof typeof lifecycleMethods | keyof typeof routeMethods | keyof typeof infoMethods | keyof typeof hookMethods |
  keyof typeof decoratorMethods | keyof typeof schemaMethods | keyof typeof loggingMethods | keyof typeof handlerMethods | keyof typeof parserMethods

/** Fails to compile, naming the members, when the public interface has a member no group provides. */
const everyMemberProvided: [Exclude<PrototypeMember, Provided>] extends [never] ? true : Exclude<PrototypeMember, Provided> = true

/**
 * The methods of every instance. The root instance is `Object.create(instanceMethods)` and each
 * child context `Object.create(parent)`; all state is read through `this[kContext]`. Copied by
 * descriptor, so the getters stay getters.
 */
export const instanceMethods: object = {}
for (const group of groups) Object.defineProperties(instanceMethods, Object.getOwnPropertyDescriptors(group))
void everyMemberProvided

/** Fastify 5 removed these (deprecated in 4.29 as FSTDEP014): `'getDefaultRoute' in app` is false on the v5 face. */
const removedInFastify5 = ['getDefaultRoute', 'setDefaultRoute']

/** Enclave's own instance members: a face has Fastify's members (and `fetch`) only, so a plugin may decorate these names there. */
const enclaveOnly = ['printContexts']

/** Fastify 5's instance additions: on `enclave()` and the v5 face; Fastify 4.29 has none of them. */
const addedInFastify5 = ['getDecorator', 'addHttpMethod', 'supportedMethods']

/** The v5 face's instance methods: the same, less what Fastify 5 removed, plus its trace() and query(). */
const fastify5InstanceMethods = derivePrototype(instanceMethods, [...removedInFastify5, ...enclaveOnly], fastify5RouteShortcuts)

/** The v4 face's: Fastify 4.29's members. */
const fastify4InstanceMethods = derivePrototype(instanceMethods, [...addedInFastify5, ...enclaveOnly])

hideMembers(instanceMethods)
hideMembers(fastify5InstanceMethods)
hideMembers(fastify4InstanceMethods)

/** The prototype of an entry's root instance: decided once per server, never per call. */
export function instanceMethodsOf (profile: Profile): object {
  if (profile.api === 5) return fastify5InstanceMethods
  return profile.name === 'enclave' ? instanceMethods : fastify4InstanceMethods
}
