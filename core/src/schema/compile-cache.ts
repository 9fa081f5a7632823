import { isAscii } from 'node:buffer'
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { Script, compileFunction } from 'node:vm'
import { Distrust, checkFolder, ensureFolder, readTrustedFile, warnDistrust, writeFileAtomically } from './cache-file-trust.js'
import { createPrecompiledCodeCache, type PrecompiledSchemaCode } from './precompiled-code.js'
import { errorCodes } from '../errors/codes.js'

/**
 * What the default compilers get for the `schemaCache` option: generated CommonJS module code by
 * key. The compilers build the key from everything the code depends on (schema, visible shared
 * schemas, their options, package versions), so a changed input is a different key, never stale code.
 */
export interface CodeCache {
  /** The exports of the module stored under `key`, run with `require`; undefined when there is none that runs. */
  load (key: string, require: (id: string) => unknown): unknown
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
  const prototype: unknown = Object.getPrototypeOf(value)
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return false
  seen.add(value)
  for (const member of Object.values(value)) {
    if (member !== undefined && !isPlainJsonData(member, seen)) return false
  }
  seen.delete(value)
  return true
}

/** The caches the default validator and serializer compilers get (undefined: that compiler runs without one). */
export interface SchemaCodeCaches {
  validatorCodeCache: CodeCache | undefined
  serializerCodeCache: CodeCache | undefined
}

/** The `schemaCache` option: a folder the generated code is kept in, or the code itself, made at build time. */
export type SchemaCacheOption = { dir: string } | { code: PrecompiledSchemaCode } | null

/**
 * The `schemaCache` option resolved. `{ dir }`: one bundle file per set of compiler options, shared
 * by the validator and the serializer compiler, so apps with other options in the same directory
 * do not overwrite each other's bundle. `{ code }`: the code made at build time, and nothing else:
 * options whose code no key can describe are refused here, as they would need code generation.
 * `ajvExtended`: Ajv plugins or onCreate, which the validator compiler never caches.
 */
export function schemaCodeCaches (option: SchemaCacheOption, validatorOptions: unknown, serializerOptions: unknown, ajvExtended = false): SchemaCodeCaches {
  if (option === null) return { validatorCodeCache: undefined, serializerCodeCache: undefined }
  const validatorPlain = isPlainJsonData(validatorOptions ?? null) && !(ajvExtended && 'code' in option)
  const serializerPlain = isPlainJsonData(serializerOptions ?? null)
  if ('code' in option) {
    if (!validatorPlain) throw new errorCodes.ENC_ERR_SCHEMA_NOT_PRECOMPILED('The validators of the ajv option (plugins, onCreate or options that are not plain JSON change the generated code in ways no key describes)')
    if (!serializerPlain) throw new errorCodes.ENC_ERR_SCHEMA_NOT_PRECOMPILED('The serializers of the serializerOpts option (options that are not plain JSON)')
    const cache = createPrecompiledCodeCache(option.code)
    return { validatorCodeCache: cache, serializerCodeCache: cache }
  }
  if (!validatorPlain && !serializerPlain) return { validatorCodeCache: undefined, serializerCodeCache: undefined }
  const scope = JSON.stringify([validatorPlain ? validatorOptions ?? null : 'uncached', serializerPlain ? serializerOptions ?? null : 'uncached'])
  const cache = createFileCodeCache(option.dir, scope)
  return { validatorCodeCache: validatorPlain ? cache : undefined, serializerCodeCache: serializerPlain ? cache : undefined }
}

// Bumped when the file layout changes, so files of an older layout are simply not found.
const layout = 'enclave-schema-cache-3'
const entryMarker = '// entry '
// The parentheses make V8 compile each module function with the bundle (not on first call), so
// the code cache produced right after holds them all.
const entryOpen = '(function (require, module, exports) {\n'
const entryClose = '\n}),\n'
// Rewrites after the one at ready() (lazySchemaCompilation compiles on first requests) are grouped.
const laterFlushDelayMs = 1000

/** sha256 in hex: the name of a key in a bundle and in precompiled code. */
export function digest (text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex')
}

type ModuleFunction = (this: unknown, require: (id: string) => unknown, module: { exports: unknown }, exports: unknown) => void

interface Entry {
  // Taken from the function's own text when the bundle is rewritten (never parsed out of the file).
  code: string | undefined
  run: ModuleFunction | undefined
  used: boolean
}

/**
 * All entries of one option set live in ONE file, `<dir>/enclave-schema-cache-3-<scope hash>.js`:
 * a first line `// enclave-schema-cache-3 <sha256 of the scope> <sha256 of the rest> <byte length
 * of the rest>`, then an array literal of key hashes and module functions, each entry introduced
 * by a `// entry <hash>` line. It is evaluated as one `vm.Script` with V8's code cache, kept beside
 * it in `<same>.v8` (first line: the bundle's three check values, then the sha256 of the code
 * cache itself), so a second start neither compiles schemas nor parses the generated code. A file
 * cut short, edited, of another scope or not matching its code cache is ignored (the schemas are
 * compiled and the files rewritten); a code cache V8 rejects (another Node version or flags) is
 * rebuilt. Nothing is read from a folder or file another user could have written (see
 * cache-file-trust.ts), and nothing is written to such a folder. Writes go through a temporary
 * file and a rename, so a concurrent start reads a whole old file or a whole new one, never half a
 * file. A directory that cannot be written only costs the cache, never start-up.
 */
export function createFileCodeCache (dir: string, scope: string = ''): CodeCache {
  const scopeHash = digest(scope)
  const base = join(dir, `${layout}-${scopeHash.slice(0, 16)}`)
  const bundleFile = `${base}.js`
  const v8File = `${base}.v8`
  // Read on the first load(), so an app without schemas never touches the directory.
  let entries: Map<string, Entry> | undefined
  let bundleDirty = false
  let codeCacheStale = false
  let loadedScript: Script | undefined
  let loadedCheck = ''
  let flushedOnce = false
  let flushScheduled = false

  function readBundle (): Map<string, Entry> {
    const found = new Map<string, Entry>()
    const folder = checkFolder(dir)
    if (folder === 'missing') return found
    if (folder instanceof Distrust) {
      warnDistrust(dir, folder)
      return found
    }
    const bytes = readTrustedFile(bundleFile)
    if (bytes === undefined) return found
    if (bytes instanceof Distrust) {
      warnDistrust(dir, bytes)
      bundleDirty = true
      return found
    }
    const newline = bytes.indexOf(10)
    const header = newline === -1 ? [] : bytes.toString('latin1', 0, newline).split(' ')
    const body = bytes.subarray(newline + 1)
    // The scope is checked before anything runs: a bundle renamed from another option set is not evaluated.
    if (header.length !== 5 || header[1] !== layout || header[2] !== scopeHash || header[4] !== String(body.length) || header[3] !== digest(body)) {
      bundleDirty = true
      return found
    }
    const check = `${header[2]} ${header[3]} ${header[4]}`
    const cachedData = readCodeCache(check)
    // Generated code is nearly always ASCII, which decodes by a plain copy.
    const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8')
    let list: unknown
    try {
      const script = new Script(source, { filename: bundleFile, cachedData })
      codeCacheStale = cachedData === undefined || script.cachedDataRejected === true
      if (codeCacheStale) loadedScript = script
      loadedCheck = check
      list = script.runInThisContext()
    } catch {
      bundleDirty = true
      return found
    }
    if (!Array.isArray(list)) {
      bundleDirty = true
      return found
    }
    for (let i = 0; i + 1 < list.length; i += 2) {
      const hash: unknown = list[i]
      const run: unknown = list[i + 1]
      if (typeof hash === 'string' && typeof run === 'function') found.set(hash, { code: undefined, run: run as ModuleFunction, used: false })
    }
    if (codeCacheStale) scheduleFlush()
    return found
  }

  /** The code cache made from the bundle whose check values are `check`, when it is whole. */
  function readCodeCache (check: string): Buffer | undefined {
    const bytes = readTrustedFile(v8File)
    // None yet: V8 parses the bundle, and the code cache is written after.
    if (bytes === undefined) return undefined
    if (bytes instanceof Distrust) {
      warnDistrust(dir, bytes)
      return undefined
    }
    const newline = bytes.indexOf(10)
    const prefix = `${check} `
    if (newline !== prefix.length + 64 || bytes.toString('latin1', 0, prefix.length) !== prefix) return undefined
    // V8 checks a code cache only against the source's length, and (outside debug builds) not
    // its own bytes: both are checked here, so it is only ever used with the bundle it was made from.
    const data = bytes.subarray(newline + 1)
    return bytes.toString('latin1', prefix.length, newline) === digest(data) ? data : undefined
  }

  function flush (): void {
    if (!flushScheduled) return
    flushScheduled = false
    pendingAtExit.delete(flush)
    flushedOnce = true
    if (entries === undefined) return
    try {
      const folder = ensureFolder(dir)
      if (folder instanceof Distrust) {
        warnDistrust(dir, folder)
        return
      }
      if (bundleDirty) {
        bundleDirty = false
        writeBundle(entries)
      } else if (codeCacheStale && loadedScript !== undefined) {
        writeV8(loadedCheck, loadedScript)
      }
      codeCacheStale = false
      loadedScript = undefined
    } catch {
      // A full or read-only disk: the app runs as without the cache.
    }
  }

  function writeBundle (all: Map<string, Entry>): void {
    // Entries this process neither used nor wrote (a schema since changed, another app's routes)
    // are kept only while they are fewer than the live ones, so the file cannot grow without bound.
    let live = 0
    for (const entry of all.values()) if (entry.used) live++
    const keepUnused = all.size - live <= live
    const parts = ['[\n']
    for (const [hash, entry] of all) {
      if (!entry.used && !keepUnused) continue
      parts.push(entryMarker, hash, '\n', JSON.stringify(hash), ',\n', entryOpen, entry.code ?? codeOf(entry.run!), entryClose)
    }
    parts.push(']\n')
    const body = Buffer.from(parts.join(''))
    const check = `${scopeHash} ${digest(body)} ${body.length}`
    const header = Buffer.from(`// ${layout} ${check}\n`)
    const bytes = Buffer.concat([header, body])
    writeFileAtomically(bundleFile, bytes)
    writeV8(check, new Script(bytes.toString('utf8'), { filename: bundleFile }))
  }

  function writeV8 (check: string, script: Script): void {
    const data = script.createCachedData()
    writeFileAtomically(v8File, Buffer.concat([Buffer.from(`${check} ${digest(data)}\n`), data]))
  }

  function scheduleFlush (): void {
    if (flushScheduled) return
    flushScheduled = true
    // The first batch is all schemas compiled at ready(), in one synchronous pass: written right
    // after it. Later ones (first requests under lazySchemaCompilation) are grouped by a timer
    // that does not keep the process alive.
    if (!flushedOnce) {
      queueMicrotask(flush)
    } else {
      setTimeout(flush, laterFlushDelayMs).unref()
      flushAtExit(flush)
    }
  }

  return {
    load (key, require) {
      entries ??= readBundle()
      const entry = entries.get(digest(key))
      if (entry === undefined || entry.run === undefined) return undefined
      entry.used = true
      const module = { exports: {} as unknown }
      try {
        entry.run.call(module.exports, require, module, module.exports)
      } catch {
        return undefined
      }
      return module.exports
    },
    write (key, code) {
      entries ??= readBundle()
      try {
        // Only code that parses as a module body on its own goes in: one bad entry would make
        // the whole bundle unreadable.
        compileFunction(code, ['require', 'module', 'exports'])
      } catch {
        return
      }
      entries.set(digest(key), { code, run: undefined, used: true })
      bundleDirty = true
      scheduleFlush()
    }
  }
}

// Grouped writes still waiting when the process exits are made then (the timer does not hold it).
const pendingAtExit = new Set<() => void>()
let exitListener = false

function flushAtExit (flush: () => void): void {
  pendingAtExit.add(flush)
  if (exitListener) return
  exitListener = true
  process.once('exit', function flushPendingSchemaCaches () {
    for (const pending of pendingAtExit) pending()
  })
}

// A module function's text is `function (require, module, exports) {\n<code>\n}`.
function codeOf (run: ModuleFunction): string {
  const text = Function.prototype.toString.call(run)
  return text.slice(entryOpen.length - 1, text.length - 2)
}
