/**
 * Decorations reach the types two ways. The first needs nothing: `decorate`, `decorateRequest` and
 * `decorateReply` return the instance type extended with what they add, and routes, hooks and
 * plugins registered on that instance see it. The second is the fallback for decorations made in
 * one plugin and used in another (types cannot follow a value across sibling plugins): augment
 * these interfaces, or Fastify's names for the same types,
 * `declare module '@enclave/core' { interface EnclaveRequestDecorations { user: User | null } }`.
 */
export interface EnclaveInstanceDecorations {}
export interface EnclaveRequestDecorations {}
export interface EnclaveReplyDecorations {}

/**
 * How an instance type carries what `decorateRequest`/`decorateReply` added: an optional property
 * that exists only in the types (the `~` keeps it at the end of completion lists, as Standard
 * Schema's `~standard` does). Intersecting two of them intersects their members.
 */
export interface DecorationCarrier<Request = {}, Reply = {}> {
  readonly '~decorations'?: { readonly request: Request, readonly reply: Reply }
}

export type RequestDecorationsOf<I> = I extends { readonly '~decorations'?: infer C }
  ? NonNullable<C> extends { readonly request: infer R } ? R : {}
  : {}
export type ReplyDecorationsOf<I> = I extends { readonly '~decorations'?: infer C }
  ? NonNullable<C> extends { readonly reply: infer R } ? R : {}
  : {}

/**
 * What a route's `config` option holds on instances of type `I`: any keys, or, when the instance
 * type declares them in its carrier (`routeConfig`), those keys, as Fastify's `FastifyContextConfig`
 * types them for the Fastify faces, so a plugin's route options (`config: { rateLimit: … }`) are checked.
 */
export type RouteConfigOf<I> = I extends { readonly '~decorations'?: infer C }
  ? NonNullable<C> extends { readonly routeConfig?: infer R } ? R : Record<string, unknown>
  : Record<string, unknown>

/** A getter/setter pair, which the runtime installs as an accessor. */
export interface DecorationAccessors<T> {
  getter?: () => T
  setter?: (value: T) => void
}

/**
 * The type a decoration value stands for: a getter's result, or the value itself. A `null` or
 * `undefined` placeholder (the usual `decorateRequest('user', null)`) says nothing about what is
 * assigned later, so it is `unknown`; give the placeholder a type (`null as User | null`) or declare
 * the decoration to say more.
 */
export type DecorationType<V> =
  [V] extends [{ getter: () => infer R }] ? R
    : [V] extends [{ setter: (value: infer W) => void }] ? W
        : [V] extends [null | undefined] ? unknown
            : V

/** `I` with `name: V` added, unless the name is not a literal or `I` already declares it. */
export type WithDecoration<I, K, V> =
  string extends K ? I : symbol extends K ? I : K extends keyof I ? I : I & { [P in K & PropertyKey]: DecorationType<V> }

/** The value a decoration a type already declares may be given: its type, accessors for it, or a placeholder. */
export type DeclaredDecorationValue<T> = T | DecorationAccessors<T> | null | undefined

/** Names of decorations that are new to `Target`; declared ones take the checked overload. */
export type NewDecorationName<K, Target> = K extends keyof Target ? never : K

/**
 * Request and reply decorations live on a prototype shared by every request, so an object or an
 * array there would be shared state; the runtime refuses them (FST_ERR_DEC_REFERENCE_TYPE) and so do
 * the types when the value can only be an object. Functions, primitives, getter/setter pairs and
 * typed placeholders (`null as User | null`) are fine.
 */
export type PrototypeSafeValue<V> =
  [V] extends [(...args: any[]) => any] ? V
    : [V] extends [{ getter: unknown } | { setter: unknown }] ? V
        : [V] extends [object] ? never
            : V
