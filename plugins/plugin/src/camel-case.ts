/**
 * Turns a plugin name into the property name under which the wrapped function is also reachable,
 * so a bundle or a TypeScript consumer can write `mod.enclaveBearerAuth` for '@enclave/bearer-auth'.
 *
 * Rules (kept identical to the `CamelCase` type below so the typed alias is the real one):
 * a leading '@' is dropped, '-' and '/' separate words, empty words are skipped, every word after
 * the first gets an upper-case first character, and nothing else changes.
 */
export function camelCase (name: string): string {
  const bare = name.startsWith('@') ? name.slice(1) : name
  let result = ''
  for (const word of bare.split(/[-/]/)) {
    if (word === '') continue
    result += result === '' ? word : word[0]!.toUpperCase() + word.slice(1)
  }
  return result
}

type StripScope<S extends string> = S extends `@${infer Rest}` ? Rest : S
type SlashToDash<S extends string> = S extends `${infer Head}/${infer Tail}` ? `${Head}-${SlashToDash<Tail>}` : S
// `Leading` stays true while only empty words were seen, matching the runtime's "first non-empty word".
type JoinWords<S extends string, Leading extends boolean> = S extends `${infer Head}-${infer Tail}`
  ? `${Leading extends true ? Head : Capitalize<Head>}${JoinWords<Tail, Leading extends true ? (Head extends '' ? true : false) : false>}`
  : Leading extends true ? S : Capitalize<S>

/** The type-level twin of `camelCase()`: `CamelCase<'@enclave/bearer-auth'>` is `'enclaveBearerAuth'`. */
export type CamelCase<S extends string> = JoinWords<SlashToDash<StripScope<S>>, true>
