import { randomBytes } from 'node:crypto'
import { chmodSync, closeSync, constants, fchmodSync, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, type Stats } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { warnings } from '../errors/warnings.js'

/**
 * Whether the `schemaCache` folder and files can be trusted (only this process's user can have
 * written them; checked on every start), and writing them so that they stay so.
 */

/**
 * Why a `schemaCache` path must not be used: the code in it could have been written by someone
 * other than the app's user, and the app would run it.
 */
export class Distrust {
  constructor (readonly path: string, readonly reason: string) {}
}

// Undefined where the platform has no POSIX owner (Windows): there owner and mode bits say nothing
// about who may write, and only the link checks apply.
const processUid = typeof process.getuid === 'function' ? process.getuid() : undefined
// Without O_NOFOLLOW (Windows) a link is found with lstat before opening instead.
const noFollow = constants.O_NOFOLLOW
// A FIFO planted under the cache's name must not block the start on open().
const readFlags = constants.O_RDONLY | (noFollow ?? 0) | (constants.O_NONBLOCK ?? 0)
const groupOrOtherWrite = 0o022

function ownershipProblem (stats: Stats): string | undefined {
  if (processUid === undefined) return undefined
  if (stats.uid !== processUid) return `is owned by uid ${stats.uid}, not by this process's uid ${processUid}`
  if ((stats.mode & groupOrOtherWrite) !== 0) return `is writable by its group or by others (mode ${(stats.mode & 0o7777).toString(8).padStart(4, '0')})`
  return undefined
}

function codeOf (error: unknown): unknown {
  return (error as { code?: unknown }).code
}

/**
 * Whether `dir` may hold code this process runs: a real directory (not a symbolic link), owned by
 * this process's user and writable by nobody else. 'missing' when it does not exist (or cannot,
 * because a parent is a file).
 */
export function checkFolder (dir: string): 'trusted' | 'missing' | Distrust {
  let stats: Stats
  try {
    stats = lstatSync(dir)
  } catch (error) {
    const code = codeOf(error)
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing'
    return new Distrust(dir, `cannot be inspected (${String(code)})`)
  }
  if (stats.isSymbolicLink()) return new Distrust(dir, 'is a symbolic link')
  if (!stats.isDirectory()) return new Distrust(dir, 'is not a directory')
  const problem = ownershipProblem(stats)
  return problem === undefined ? 'trusted' : new Distrust(dir, problem)
}

/**
 * `checkFolder`, creating the folder (mode 0o700, whatever the umask) when it is missing. Throws
 * when it cannot be created (a read-only disk, a parent that is a file): that only costs the cache.
 */
export function ensureFolder (dir: string): 'trusted' | Distrust {
  const found = checkFolder(dir)
  if (found !== 'missing') return found
  // Folders above it get the usual mode: other tools may share them (node_modules/.cache).
  mkdirSync(dirname(dir), { recursive: true })
  try {
    mkdirSync(dir, { mode: 0o700 })
    setFolderMode(dir)
  } catch (error) {
    // Made by a start running at the same time (or by someone else: checked below).
    if (codeOf(error) !== 'EEXIST') throw error
  }
  const made = checkFolder(dir)
  if (made === 'missing') throw new Error(`${dir} disappeared while it was created`)
  return made
}

function setFolderMode (dir: string): void {
  if (noFollow === undefined) {
    chmodSync(dir, 0o700)
    return
  }
  let fd: number
  try {
    fd = openSync(dir, readFlags)
  } catch {
    // Replaced by a link since it was made: checkFolder refuses it.
    return
  }
  try {
    fchmodSync(fd, 0o700)
  } finally {
    closeSync(fd)
  }
}

/**
 * The bytes of a cache file: undefined when there is none (or it cannot be read), a Distrust when
 * it is a symbolic link, not a regular file, has another hard link (its content could be changed
 * through a path outside the folder), or is not owned by this process's user alone. The checks
 * are made on the opened file, so the file read is the file checked.
 */
export function readTrustedFile (file: string): Buffer | Distrust | undefined {
  let fd: number
  try {
    if (noFollow === undefined && lstatSync(file).isSymbolicLink()) return new Distrust(file, 'is a symbolic link')
    fd = openSync(file, readFlags)
  } catch (error) {
    if (codeOf(error) === 'ELOOP') return new Distrust(file, 'is a symbolic link')
    return undefined
  }
  try {
    const stats = fstatSync(fd)
    if (!stats.isFile()) return new Distrust(file, 'is not a regular file')
    if (stats.nlink !== 1) return new Distrust(file, `has ${stats.nlink} hard links`)
    const problem = ownershipProblem(stats)
    if (problem !== undefined) return new Distrust(file, problem)
    return readFileSync(fd)
  } catch {
    return undefined
  } finally {
    closeSync(fd)
  }
}

/**
 * Writes `file` whole or not at all: to a new temporary file beside it (created exclusively, so
 * never an existing file nor a link someone placed there, mode 0o600 whatever the umask), then
 * renamed over it. A concurrent reader sees the old file or the new one, never half of one.
 */
export function writeFileAtomically (file: string, bytes: Buffer): void {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
  const fd = openSync(temporary, 'wx', 0o600)
  try {
    try {
      fchmodSync(fd, 0o600)
      writeFileSync(fd, bytes)
    } finally {
      closeSync(fd)
    }
    renameSync(temporary, file)
  } catch (error) {
    rmSync(temporary, { force: true })
    throw error
  }
}

// One warning per folder and process: a start that finds several refused files says it once.
const warnedFolders = new Set<string>()

/** Emits ENC_WARN_SCHEMA_CACHE_UNTRUSTED for `distrust`, once per `dir` in this process. */
export function warnDistrust (dir: string, distrust: Distrust): void {
  const key = resolve(dir)
  if (warnedFolders.has(key)) return
  warnedFolders.add(key)
  warnings.ENC_WARN_SCHEMA_CACHE_UNTRUSTED(distrust.path, distrust.reason)
}
