/**
 * Request and reply decorations whose value is data (anything but a function or a getter/setter
 * pair). As in Fastify, each request or reply gets them as own fields when it is made, after its
 * built-in fields: `Object.keys(request)`, `JSON.stringify(request)` and a spread show them, every
 * object of a context has one shape however a handler assigns them later, and a context takes its
 * ancestors' data decorations as they were when it was created (one an ancestor adds later does not
 * reach it). Functions and accessors stay on the context's prototype, visible to descendants at once.
 */
export interface DataDecoration {
  readonly key: PropertyKey
  readonly value: unknown
}

/** Sets a context's data decorations on one request or reply, in the order they were declared. */
export function assignDataDecorations (target: Record<PropertyKey, unknown>, decorations: readonly DataDecoration[]): void {
  for (let i = 0; i < decorations.length; i++) {
    const decoration = decorations[i]!
    target[decoration.key] = decoration.value
  }
}
