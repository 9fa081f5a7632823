// `npm run docs:file-map`: rewrites the "File map" block of docs/architecture.md from the sources.
import { readFileSync, writeFileSync } from 'node:fs'
import { architecturePath, fileMapInDoc, renderFileMap } from './lib/file-map.mjs'

const doc = readFileSync(architecturePath, 'utf8')
const current = fileMapInDoc(doc)
if (current === undefined) {
  console.error(`${architecturePath}: the file-map markers are missing`)
  process.exitCode = 1
} else {
  writeFileSync(architecturePath, doc.replace(current, () => renderFileMap()))
  console.log(`wrote the file map of ${architecturePath}`)
}
