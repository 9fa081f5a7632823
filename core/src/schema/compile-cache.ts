import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * What the default compilers get for the `schemaCache` option: generated module code by key. The
 * compilers build the key from everything the code depends on (schema, visible shared schemas,
 * their options, package versions), so a changed input is a different key, never stale code.
 */
export interface CodeCache {
  read (key: string): string | undefined
  write (key: string, code: string): void
}

/**
 * Whether `value` is exactly what its JSON text says (plain objects, arrays, strings, finite numbers,
 * booleans, null). Compiler options holding anything else (a RegExp format, a class instance, a
 * function) would key different code to the same text, so they turn the cache off.
 */
export function isPlainJsonData (value: unknown, seen: Set<object> = new Set()): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true
  if (typeof value === 'number') return Number.isFinite(value)
  if (typeof value !== 'object' || seen.has(value)) return false
  const prototype = Object.getPrototypeOf(value)
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return false
  seen.add(value)
  for (const member of Object.values(value)) {
    if (member !== undefined && !isPlainJsonData(member, seen)) return false
  }
  seen.delete(value)
  return true
}

// Bumped when the file layout changes, so files of an older layout are simply not found.
const layout = 'enclave-schema-cache-1'

function digest (text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/**
 * One file per key, named by the key's hash. The first line holds the hash of the code below it:
 * a file cut short or edited by hand fails the check and counts as absent (the schema is then
 * compiled and the file rewritten). Writes go through a temporary file and a rename, so a reader
 * never sees half a file. A directory that cannot be written only costs the cache, never start-up.
 */
export function createFileCodeCache (dir: string): CodeCache {
  let usable = true
  try {
    mkdirSync(dir, { recursive: true })
  } catch {
    usable = false
  }
  function fileOf (key: string): string {
    return join(dir, `${digest(layout + '\n' + key)}.cjs`)
  }
  return {
    read (key) {
      if (!usable) return undefined
      let text: string
      try {
        text = readFileSync(fileOf(key), 'utf8')
      } catch {
        return undefined
      }
      const newline = text.indexOf('\n')
      if (newline === -1) return undefined
      const code = text.slice(newline + 1)
      return text.slice(0, newline) === `// ${digest(code)}` ? code : undefined
    },
    write (key, code) {
      if (!usable) return
      const file = fileOf(key)
      const temporary = `${file}.${process.pid}.tmp`
      try {
        writeFileSync(temporary, `// ${digest(code)}\n${code}`)
        renameSync(temporary, file)
      } catch {
        // A full or read-only disk: the app runs as without the cache.
      }
    }
  }
}
