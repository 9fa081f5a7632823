/**
 * Fastify builds its root instance as an object literal: its API is the root's own enumerable
 * properties, in the literal's order (`Object.keys(app)`, `for…in`, `console.log(app)` list them,
 * decorations after them). Enclave keeps the methods on a shared prototype, and gives the root own
 * properties over the same descriptors in Fastify's order; the prototype's members are not
 * enumerable, so a `for…in` lists what Fastify's does.
 */

const fastify4Members = [
  'routing', 'getDefaultRoute', 'setDefaultRoute', 'delete', 'get', 'head', 'patch', 'post', 'put', 'options', 'all',
  'route', 'hasRoute', 'findRoute', 'log', 'withTypeProvider', 'addHook', 'addSchema', 'getSchema', 'getSchemas',
  'setValidatorCompiler', 'setSerializerCompiler', 'setSchemaController', 'setReplySerializer', 'setSchemaErrorFormatter',
  'setGenReqId', 'addContentTypeParser', 'hasContentTypeParser', 'getDefaultJsonParser', 'defaultTextParser',
  'removeContentTypeParser', 'removeAllContentTypeParsers', 'register', 'after', 'ready', 'onClose', 'close',
  'printPlugins', 'hasPlugin', 'listen', 'server', 'addresses', 'decorate', 'hasDecorator', 'decorateReply',
  'decorateRequest', 'hasRequestDecorator', 'hasReplyDecorator', 'inject', 'printRoutes', 'setNotFoundHandler',
  'setErrorHandler', 'setChildLoggerFactory', 'initialConfig', 'addConstraintStrategy', 'hasConstraintStrategy'
] as const

/** Fastify 5's order: 4.29's without the default-route methods, with trace/query and getDecorator/addHttpMethod. */
const fastify5Members = fastify4Members.flatMap((name): string[] => {
  if (name === 'getDefaultRoute' || name === 'setDefaultRoute') return []
  if (name === 'head') return ['head', 'trace']
  if (name === 'options') return ['options', 'query']
  if (name === 'hasReplyDecorator') return ['hasReplyDecorator', 'getDecorator', 'addHttpMethod']
  return [name]
})

/** enclave() has 4.29's members and Fastify 5's additive ones. */
const enclaveMembers = fastify5Members.filter((name) => name !== 'trace' && name !== 'query')
enclaveMembers.splice(enclaveMembers.indexOf('routing') + 1, 0, 'getDefaultRoute', 'setDefaultRoute')

/** The prototype's members made non-enumerable: what an instance lists is its own properties. */
export function hideMembers (proto: object): void {
  for (const key of Object.keys(proto)) Object.defineProperty(proto, key, { enumerable: false })
}

/**
 * Gives a new root instance its API as own enumerable properties, in Fastify's order. Called first
 * on the bare instance: the members set later (`initialConfig`, avvio's `after`, `close`) take the
 * place held for them here.
 */
export function showMembersAsOwn (root: object, api: 4 | 5, isEnclave: boolean): void {
  showAsOwn(root, isEnclave ? enclaveMembers : api === 5 ? fastify5Members : fastify4Members)
}

/** The members Fastify sets again on each plugin's instance, listed before its decorations there. */
const childMembers = ['ready', 'getSchema', 'getSchemas']

export function showChildMembersAsOwn (child: object): void {
  showAsOwn(child, childMembers)
}

function showAsOwn (instance: object, names: readonly string[]): void {
  for (const name of names) {
    let descriptor: PropertyDescriptor | undefined
    for (let holder = Object.getPrototypeOf(instance) as object | null; holder !== null && descriptor === undefined; holder = Object.getPrototypeOf(holder) as object | null) {
      descriptor = Object.getOwnPropertyDescriptor(holder, name)
    }
    // A member set later holds its place with an empty writable value (avvio's `after` checks it is unset).
    if (descriptor === undefined) descriptor = { value: undefined, writable: true }
    descriptor.enumerable = true
    descriptor.configurable = true
    Object.defineProperty(instance, name, descriptor)
  }
}
