/**
 * Plugin version checks, read by semver as Fastify reads them: partial versions in every operator
 * (`<=5.x` is below 6, `4 - 5` runs to the end of 5), and a range semver cannot parse matches no version.
 */
import semver from 'semver'

/** The prerelease tags Fastify treats as a release candidate: 4.29 knows `-rc`, 5.12 also `-pre` and `-alpha`. */
const candidateTags = { 4: /-rc.+$/, 5: /-(?:rc|pre|alpha).+$/ } as const

function isReleaseCandidate (versionText: string, api: 4 | 5): boolean {
  return candidateTags[api].test(versionText)
}

/** Whether a version satisfies a range; a release candidate's prerelease tag does not keep it out of one. */
export function satisfiesRange (versionText: string, range: string, api: 4 | 5 = 4): boolean {
  return semver.satisfies(versionText, range, { includePrerelease: isReleaseCandidate(versionText, api) })
}

/**
 * Fastify lets a release candidate load plugins written for the release before it: a `-rc`
 * version above the first version written in the range passes whatever the range says.
 */
export function releaseCandidateAbove (versionText: string, range: string, api: 4 | 5): boolean {
  if (!isReleaseCandidate(versionText, api)) return false
  const floor = semver.coerce(range)
  return floor !== null && semver.valid(versionText) !== null && semver.gt(versionText, floor)
}
