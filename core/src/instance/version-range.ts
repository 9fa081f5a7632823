/**
 * Enough of semver ranges for plugin version checks (`4.x`, `>=4`, `>= 3.0.0`, `^4.0.0`, `4.x || 5.x`, `3 - 4`): a
 * plugin declaring a range we cannot read is let through rather than refused.
 */
function parseVersion (text: string): number[] | null {
  const match = /^v?(\d+|x|\*)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?(?:-[0-9a-z.-]+)?$/i.exec(text.trim())
  if (match === null) return null
  return [match[1], match[2], match[3]].map((part) => part === undefined || part === 'x' || part === 'X' || part === '*' ? -1 : Number(part))
}

function compare (a: number[], b: number[]): number {
  for (let i = 0; i < 3; i++) {
    const x = a[i] ?? 0
    const y = b[i] === -1 ? 0 : (b[i] ?? 0)
    if (x !== y) return x - y
  }
  return 0
}

function matchesWildcard (version: number[], pattern: number[]): boolean {
  for (let i = 0; i < 3; i++) {
    if (pattern[i] === -1) return true
    if (version[i] !== pattern[i]) return false
  }
  return true
}

function satisfiesComparator (version: number[], comparator: string): boolean {
  const match = /^(\^|~|>=|<=|>|<|=)?\s*(.+)$/.exec(comparator.trim())
  if (match === null) return true
  const operator = match[1] ?? ''
  const target = parseVersion(match[2]!)
  if (target === null) return true
  switch (operator) {
    case '>=': return compare(version, target) >= 0
    case '<=': return compare(version, target) <= 0
    case '>': return compare(version, target) > 0
    case '<': return compare(version, target) < 0
    case '^': return version[0] === (target[0] === -1 ? version[0] : target[0]) && compare(version, target) >= 0
    case '~': return version[0] === target[0] && (target[1] === -1 || version[1] === target[1]) && compare(version, target) >= 0
    default: return matchesWildcard(version, target)
  }
}

/**
 * One `||` alternative as a list of comparators, read as semver reads it: an operator may stand
 * apart from its version (`>= 3.0.0`, which old fastify-plugin metadata declares) and `a - b` is
 * the range from a to b.
 */
function comparatorsOf (alternative: string): string[] {
  const hyphen = /^\s*(\S+)\s+-\s+(\S+)\s*$/.exec(alternative)
  if (hyphen !== null) return [`>=${hyphen[1]!}`, `<=${hyphen[2]!}`]
  return alternative.replace(/(\^|~|>=|<=|>|<|=)\s+/g, '$1').trim().split(/\s+/).filter((part) => part.length > 0)
}

export function satisfiesRange (versionText: string, range: string): boolean {
  const version = parseVersion(versionText)
  if (version === null) return true
  return range.split('||').some((alternative) => {
    const comparators = comparatorsOf(alternative)
    return comparators.length === 0 || comparators.every((comparator) => satisfiesComparator(version, comparator))
  })
}

/** The prerelease tags Fastify treats as a release candidate: 4.29 knows `-rc`, 5.12 also `-pre` and `-alpha`. */
const candidateTags = { 4: /-rc.+$/, 5: /-(?:rc|pre|alpha).+$/ } as const

/**
 * Fastify lets a release candidate load plugins written for the release before it: a `-rc`
 * version above the first version written in the range passes whatever the range says.
 */
export function releaseCandidateAbove (versionText: string, range: string, api: 4 | 5): boolean {
  if (!candidateTags[api].test(versionText)) return false
  const version = parseVersion(versionText)
  const written = /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(range)
  if (version === null || written === null) return false
  const floor = [Number(written[1]), Number(written[2] ?? 0), Number(written[3] ?? 0)]
  // A prerelease is below its own release, so only a greater major.minor.patch counts.
  return compare(version, floor) > 0
}
