// Assertions for type tests: checked by `npm run typecheck` (tsc -p fastify4/test-types), never run.

/** `true` when A and B are the same type, not merely assignable one to the other. */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false

/** Compiles only when `T` is `true`: `assertType<Equal<typeof x, string>>()`. */
export function assertType<T extends true> (): T | undefined {
  return undefined
}
