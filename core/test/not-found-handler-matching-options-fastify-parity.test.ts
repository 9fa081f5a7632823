import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

const probes = ['/p', '/p/', '/p/x', '/P/x', '//p/x', '/p//x', '/p/x/']

/** Which not-found handler, the root's or the one set under the prefix, answers each probe. */
async function answers (factory: Factory, options: Record<string, unknown>, prefix: string): Promise<string[]> {
  const app = factory({ ...options })
  app.setNotFoundHandler((_request: any, reply: any) => { reply.code(404).send('root handler') })
  app.register(async (child: any) => {
    child.setNotFoundHandler((_request: any, reply: any) => { reply.code(404).send('prefix handler') })
  }, { prefix })
  await app.ready()
  const seen: string[] = []
  for (const url of probes) seen.push(`${url}: ${(await app.inject(url)).body}`)
  await app.close()
  return seen
}

const optionSets: Array<Record<string, unknown>> = [
  { ignoreTrailingSlash: true },
  { ignoreDuplicateSlashes: true },
  { caseSensitive: false },
  { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, caseSensitive: false }
]
const [fastify4, enclaveEntry, face4] = faces

for (const options of optionSets) {
  for (const prefix of ['/p', '/p/']) {
    t.test(`${JSON.stringify(options)}, not-found handler under ${prefix}: the path-matching options do not widen its reach, as in Fastify`, async (t) => {
      const [[v5Name, fastify5], [faceName, face5]] = fastify5Faces
      const expected = await answers(fastify5, options, prefix)
      t.same(await answers(face5, options, prefix), expected, `${faceName} as ${v5Name}`)
      t.same(await answers(face4![1], options, prefix), await answers(fastify4![1], options, prefix), `${face4![0]} as ${fastify4![0]}`)
      t.same(await answers(enclaveEntry![1], options, prefix), expected, 'enclave() as the faces')
    })
  }
}
