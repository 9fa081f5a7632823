import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/** Each decoration's outcome, as the plugin author sees it: accepted, or the error's code and message. */
function outcomes (factory: Factory, decorate: (app: any) => void): string[] {
  const app = factory()
  const seen: string[] = []
  const attempt = (fn: () => void): void => {
    try {
      fn()
      seen.push('accepted')
    } catch (error: any) {
      seen.push(`${String(error.code)}: ${String(error.message)}`)
    }
  }
  decorate({ attempt, app })
  return seen
}

const cases: Record<string, (scope: { attempt: (fn: () => void) => void, app: any }) => void> = {
  'dependencies given as null (no dependencies)': ({ attempt, app }) => {
    attempt(() => app.decorate('a', 1, null))
    attempt(() => app.decorateRequest('b', 1, null))
    attempt(() => app.decorateReply('c', 1, null))
  },
  'an object value for a name already taken': ({ attempt, app }) => {
    attempt(() => app.decorateRequest('taken', 1))
    attempt(() => app.decorateRequest('taken', { shared: true }))
    attempt(() => app.decorateReply('taken', 1))
    attempt(() => app.decorateReply('taken', { shared: true }))
  },
  'an object value with a missing dependency': ({ attempt, app }) => {
    attempt(() => app.decorateRequest('user', { shared: true }, ['missing']))
    attempt(() => app.decorateReply('user', [], ['missing']))
  }
}

const [fastify4, , face4] = faces

for (const [label, decorate] of Object.entries(cases)) {
  t.test(`${label}: the faces check a decoration in Fastify's order`, async (t) => {
    const [[v5Name, fastify5], [faceName, face5]] = fastify5Faces
    t.same(outcomes(face5, decorate), outcomes(fastify5, decorate), `${faceName} as ${v5Name}`)
    t.same(outcomes(face4![1], decorate), outcomes(fastify4![1], decorate), `${face4![0]} as ${fastify4![0]}`)
  })
}

t.test('enclave() refuses a reference value before it looks at the name or the dependencies, as the v5 face does', async (t) => {
  const [, enclaveEntry] = faces[1]!
  const codes = outcomes(enclaveEntry, cases['an object value for a name already taken']!).map((outcome) => outcome.split(':')[0])
  t.same(codes, ['accepted', 'FST_ERR_DEC_REFERENCE_TYPE', 'accepted', 'FST_ERR_DEC_REFERENCE_TYPE'])
  const missing = outcomes(enclaveEntry, cases['an object value with a missing dependency']!).map((outcome) => outcome.split(':')[0])
  t.same(missing, ['FST_ERR_DEC_REFERENCE_TYPE', 'FST_ERR_DEC_REFERENCE_TYPE'])
})
