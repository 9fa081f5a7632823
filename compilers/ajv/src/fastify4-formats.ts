import type { Ajv } from 'ajv'
import { createRequire } from 'node:module'
import type { fullFormats as FullFormats } from 'ajv-formats/dist/formats.js'
import { loadAjv } from './load-ajv.js'

/**
 * `time` and `date-time` as Fastify 4 validates and compares them (its compiler carries ajv-formats
 * 2): the timezone may be left out, an offset's digits are not range-checked, a leap second is
 * `23:59:60` in the time as written, and `formatMinimum`/`formatMaximum` read a date-time as written,
 * its offset ignored. Every other format is ajv-formats 3's (its `ipv4` refuses leading zeros, which
 * ajv-formats 2 took: see docs/migrating-from-fastify.md).
 */

// hh:mm:ss, an optional fraction, an optional `Z` or `±hh[[:]mm]` offset.
const TIME = /^(\d\d):(\d\d):(\d\d)(?:\.\d+)?(?:z|[+-]\d\d(?::?\d\d)?)?$/i
const DATE_TIME_SEPARATOR = /t|\s/i

type FormatDefinition = { validate: (value: string) => boolean, compare: (a: string, b: string) => number | undefined }

function isTime (value: string): boolean {
  const parts = TIME.exec(value)
  if (parts === null) return false
  const hour = Number(parts[1])
  const minute = Number(parts[2])
  const second = Number(parts[3])
  if (hour <= 23 && minute <= 59 && second <= 59) return true
  return hour === 23 && minute === 59 && second === 60
}

// ajv-formats' date check and comparisons, set when the table below is first built (the functions
// reading them run only after).
let validateDate: (value: string) => boolean
let compareDate: (a: string, b: string) => number | undefined
let compareTimeAsWritten: (a: string, b: string) => number | undefined

function isDateTime (value: string): boolean {
  const halves = value.split(DATE_TIME_SEPARATOR)
  return halves.length === 2 && validateDate(halves[0]!) && isTime(halves[1]!)
}

/**
 * The date first, then the time's digits as written (ajv-formats 3's `iso-time` order): ajv-formats 2
 * compared date-times so, where ajv-formats 3 compares the instants (`01:00:00+02:00` before `00:00:00Z`).
 */
function compareDateTimeAsWritten (a: string, b: string): number | undefined {
  const [dateA, timeA] = a.split(DATE_TIME_SEPARATOR)
  const [dateB, timeB] = b.split(DATE_TIME_SEPARATOR)
  const byDate = compareDate(dateA!, dateB!)
  if (byDate === undefined || byDate !== 0) return byDate
  return compareTimeAsWritten(timeA!, timeB!)
}

let formats: Readonly<Record<string, unknown>> | null = null

/**
 * ajv-formats' table with Fastify 4's `time` and `date-time`, built on first use: an app that never
 * makes an Ajv instance (no schemas, or all of them in the schema cache) does not read ajv-formats.
 */
export function fastify4Formats (): Readonly<Record<string, unknown>> {
  if (formats === null) {
    const full = (createRequire(import.meta.url)('ajv-formats/dist/formats.js') as { fullFormats: typeof FullFormats }).fullFormats
    validateDate = (full.date as FormatDefinition).validate
    compareDate = (full.date as FormatDefinition).compare
    compareTimeAsWritten = (full['iso-time'] as FormatDefinition).compare
    formats = Object.freeze({
      ...full,
      time: { validate: isTime, compare: (full['iso-time'] as FormatDefinition).compare },
      'date-time': { validate: isDateTime, compare: compareDateTimeAsWritten }
    })
  }
  return formats
}

/**
 * The module name standalone validators (the code cache) load these formats from; `requireOnce`
 * answers it, as the definitions live here, not in a file of ajv-formats.
 */
export const fastify4FormatsModule = '@enclave/ajv/fastify4-formats'

/** Before ajv-formats is applied: standalone code then loads every format from this module's table. */
export function pointFormatsAtFastify4 (ajv: Ajv): void {
  ajv.opts.code.formats ??= loadAjv()._`require(${fastify4FormatsModule}).fastify4Formats`
}

/** Replaces the stock `time` and `date-time` formats of an Ajv instance with Fastify 4's. */
export function useFastify4TimeFormats (ajv: Ajv): void {
  const formats = fastify4Formats()
  ajv.addFormat('time', formats.time as never)
  ajv.addFormat('date-time', formats['date-time'] as never)
}
