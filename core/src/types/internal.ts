/** Loose function type for values users hand in; checked at the boundary where they are accepted. */
export type AnyFunction = (...args: any[]) => any
