import t from 'tap'
import { readFileSync } from 'node:fs'
// @ts-expect-error: a plain .mjs script module without type declarations
import { architecturePath, fileMapInDoc, fileMapLines, firstDocSentence, missingDescription, renderFileMap } from '../../scripts/lib/file-map.mjs'

/** While core's files are gaining their opening doc comments, a file without one is listed as "(no description)"; the integrator flips this to false once every file has one. */
const allowMissingDescriptions = false

t.test('the file map in docs/architecture.md is what `npm run docs:file-map` writes from the sources', async (t) => {
  const inDoc = fileMapInDoc(readFileSync(architecturePath, 'utf8'))
  t.not(inDoc, undefined, 'the file-map markers are in docs/architecture.md')
  t.equal(inDoc, renderFileMap(), 'run `npm run docs:file-map` after adding, renaming or re-describing a file')
})

t.test('every file of core/src and compilers/kit/src opens with a doc comment', { skip: allowMissingDescriptions && 'allowMissingDescriptions is on' }, async (t) => {
  const undescribed = (fileMapLines() as string[]).filter((line) => line.endsWith(missingDescription))
  t.same(undescribed, [], 'give each of these files a doc comment saying what it holds')
})

t.test('a file is described by the first sentence of its first doc comment', async (t) => {
  t.equal(firstDocSentence('// a line comment\n/**\n * Holds the routes. More text.\n * @internal\n */\nexport {}\n'), 'Holds the routes.')
  t.equal(firstDocSentence('/** Reads `a.b` values, e.g. versions. Then more. */\n'), 'Reads `a.b` values, e.g. versions.')
  t.equal(firstDocSentence('/** No full stop at all */\n'), 'No full stop at all')
  t.equal(firstDocSentence('/* not a doc comment. */\nconst x = 1\n'), undefined)
  t.equal(firstDocSentence('const s = "/** inside a string. */"\n'), undefined)
})
