// Writes docs/reference/errors.md from core's error catalogue (core/dist must be built).
// `npm run docs:errors`; core/test/error-catalogue.test.ts fails when the file is out of date.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { renderErrorReference } from '../core/dist/errors/reference.js'

const target = fileURLToPath(new URL('../docs/reference/errors.md', import.meta.url))
writeFileSync(target, renderErrorReference())
console.log(`wrote ${target}`)
