/** The warning for an unknown factory option whose name is close to a known one (most likely a typo). */
import { warnings } from './errors/warnings.js'

function editDistance (a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return previous[b.length]!
}

/** The known option a misspelt one most likely meant (case slips and up to two typos). */
function closestOptionName (name: string, knownNames: readonly string[]): string | undefined {
  let best: string | undefined
  let bestDistance = 3
  for (const known of knownNames) {
    const distance = known.toLowerCase() === name.toLowerCase() ? 0 : editDistance(known, name)
    if (distance < bestDistance) {
      best = known
      bestDistance = distance
    }
  }
  return best
}

/**
 * Fastify ignores options it does not know (apps pass their whole config object), and so does
 * Enclave, since Fastify's behaviour is the default (docs/migrating-from-fastify.md). A name close
 * to a known one is most likely a typo: that gets a warning.
 */
export function warnUnknownOption (name: string, knownNames: readonly string[]): void {
  const guess = closestOptionName(name, knownNames)
  if (guess === undefined) return
  warnings.ENC_WARN_UNKNOWN_OPTION(name, guess)
}
