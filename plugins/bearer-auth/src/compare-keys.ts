import { createHash, timingSafeEqual } from 'node:crypto'

function digestOf (value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest()
}

/**
 * Answers "is this token one of the keys?" in a time that depends on neither which key matches nor
 * the token's or the keys' lengths:
 * - both sides are hashed first, so every comparison is between two 32-byte digests (comparing raw
 *   strings of different lengths either fails fast or needs padding, and both leak the length);
 * - every key is compared, with no early exit once one matched (the peer stops at the first match,
 *   which tells an attacker the position of the key they are close to).
 * Hashing the token costs time proportional to its length, but that length is the attacker's own.
 */
export function createKeyMatcher (keys: readonly string[]): (token: string) => boolean {
  const digests = keys.map(digestOf)
  return function matchesAnyKey (token: string): boolean {
    const presented = digestOf(token)
    let matched = 0
    for (let i = 0; i < digests.length; i++) {
      matched |= timingSafeEqual(presented, digests[i]!) ? 1 : 0
    }
    return matched === 1
  }
}
