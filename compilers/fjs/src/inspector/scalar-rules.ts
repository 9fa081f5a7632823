import type { SerializationIssueKind, SerializerOptions } from '../types.js'
import { describeValue } from './value-description.js'

export type Rounding = NonNullable<SerializerOptions['rounding']>

export interface Verdict {
  kind: Exclude<SerializationIssueKind, 'dropped' | 'missing-required'>
  message: string
}

/** What fast-json-stringify writes for `null` under a non-nullable type. */
export const NULL_REPLACEMENTS: Record<string, string> = {
  string: '""',
  integer: '0',
  number: '0',
  boolean: 'false',
  object: '{}',
  array: '[]'
}

/**
 * How fast-json-stringify treats a non-null value under a scalar type: fine, silently converted,
 * or wrong (it throws, or writes something unrelated to the value). The rules were established by
 * running fast-json-stringify against every JavaScript value kind (test/inspector-agrees-with-serializer
 * keeps them honest on random schemas and data).
 */
export function judgeScalar (value: unknown, type: string, format: unknown, rounding: Rounding): Verdict | undefined {
  switch (type) {
    case 'string': return judgeString(value, format)
    case 'integer': return judgeNumeric(value, true, rounding)
    case 'number': return judgeNumeric(value, false, rounding)
    case 'boolean': return judgeBoolean(value)
    case 'null': return value === null ? undefined : coerced(`${describeValue(value)} is written as null (type "null")`)
    default: return undefined
  }
}

/** Formats under which fast-json-stringify writes a Date itself, and accepts nothing but strings besides. */
const DATE_FORMATS: readonly unknown[] = ['date-time', 'date', 'time']

function judgeString (value: unknown, format: unknown): Verdict | undefined {
  if (typeof value === 'string' || value instanceof Date) return undefined
  if (DATE_FORMATS.includes(format)) {
    return mismatch(`expected a Date or a string (format "${String(format)}"), got ${describeValue(value)}: the serializer throws`)
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return coerced(`${describeValue(value)} is written as the string ${JSON.stringify(String(value))} (type "string")`)
  }
  if (value instanceof RegExp) {
    return coerced(`a RegExp is written as its source ${JSON.stringify(value.source)} (type "string")`)
  }
  return mismatch(`expected a string, got ${describeValue(value)}: it is written as ${JSON.stringify(safeString(value))}`)
}

function judgeNumeric (value: unknown, integer: boolean, rounding: Rounding): Verdict | undefined {
  const typeName = integer ? 'integer' : 'number'
  if (typeof value === 'bigint') return undefined
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return mismatch(`NaN is not a ${typeName}: the serializer throws`)
    if (!Number.isFinite(value)) {
      return mismatch(integer
        ? `${value} is not an integer: the serializer throws`
        : `${value} is not a finite number: it is written as null`)
    }
    if (integer && !Number.isInteger(value)) {
      return coerced(`${value} is not an integer: it is written as ${Math[rounding](value)} (rounding "${rounding}")`)
    }
    return undefined
  }
  if (typeof value === 'boolean') return coerced(`${value} is written as the ${typeName} ${value ? 1 : 0}`)
  if (value instanceof Date) {
    return coerced(`a Date is written as its timestamp ${value.getTime()} (type "${typeName}")`)
  }
  if (typeof value === 'string') {
    const parsed = Number(value)
    if (!Number.isFinite(parsed)) {
      return mismatch(`expected a ${typeName}, got ${describeValue(value)}: the serializer throws`)
    }
    const written = integer ? Math[rounding](parsed) : parsed
    return coerced(`the string ${describeValue(value)} is written as the ${typeName} ${written}`)
  }
  // Anything else goes through Number(): `[]` becomes 0 and `[7]` 7, which is never what was meant.
  const converted = safeNumber(value)
  if (!integer && converted !== undefined && Math.abs(converted) === Infinity) {
    return mismatch(`expected a number, got ${describeValue(value)}: it is written as null`)
  }
  if (converted === undefined || !Number.isFinite(converted)) {
    return mismatch(`expected a ${typeName}, got ${describeValue(value)}: the serializer throws`)
  }
  const written = integer ? Math[rounding](converted) : converted
  return mismatch(`expected a ${typeName}, got ${describeValue(value)}: it is written as ${written}`)
}

function safeNumber (value: unknown): number | undefined {
  try {
    return Number(value)
  } catch {
    return undefined
  }
}

function judgeBoolean (value: unknown): Verdict | undefined {
  if (typeof value === 'boolean') return undefined
  return coerced(`${describeValue(value)} is written as ${Boolean(value)} (type "boolean", by truthiness)`)
}

function safeString (value: unknown): string {
  try {
    return String(value)
  } catch {
    return '?'
  }
}

export function coerced (message: string): Verdict {
  return { kind: 'coerced', message }
}

export function mismatch (message: string): Verdict {
  return { kind: 'type-mismatch', message }
}
