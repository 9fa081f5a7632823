import type { Ajv } from 'ajv'
import { fullFormats } from 'ajv-formats/dist/formats.js'
import { loadAjv } from './load-ajv.js'

/**
 * `time` and `date-time` as Fastify 4 validates them (its compiler carries ajv-formats 2): the
 * timezone may be left out, an offset's digits are not range-checked, and a leap second is
 * `23:59:60` in the time as written. Every other format is ajv-formats 3's.
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

const validateDate = (fullFormats.date as FormatDefinition).validate

function isDateTime (value: string): boolean {
  const halves = value.split(DATE_TIME_SEPARATOR)
  return halves.length === 2 && validateDate(halves[0]!) && isTime(halves[1]!)
}

export const fastify4Formats: Record<string, unknown> = Object.freeze({
  ...fullFormats,
  time: { validate: isTime, compare: (fullFormats['iso-time'] as FormatDefinition).compare },
  'date-time': { validate: isDateTime, compare: (fullFormats['iso-date-time'] as FormatDefinition).compare }
})

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
  ajv.addFormat('time', fastify4Formats.time as never)
  ajv.addFormat('date-time', fastify4Formats['date-time'] as never)
}
