import type { Ajv, CodeKeywordDefinition, KeywordCxt, KeywordErrorDefinition } from 'ajv'
import { loadAjv } from './load-ajv.js'

/**
 * Code points in a string, counting a high surrogate followed by a low one as one, and a lone
 * surrogate as one: the count JSON Schema's maxLength/minLength are defined on, as Ajv counts it.
 */
export function codePointLength (value: string): number {
  const units = value.length
  let count = 0
  for (let at = 0; at < units; at++) {
    count++
    const unit = value.charCodeAt(at)
    if (unit >= 0xd800 && unit <= 0xdbff && at + 1 < units && (value.charCodeAt(at + 1) & 0xfc00) === 0xdc00) at++
  }
  return count
}

const lengthErrors: KeywordErrorDefinition = {
  message: ({ keyword, schemaCode }) => loadAjv().str`must NOT have ${keyword === 'maxLength' ? 'more' : 'fewer'} than ${schemaCode} characters`,
  params: ({ schemaCode }) => loadAjv()._`{limit: ${schemaCode}}`
}

/*
 * A string of n UTF-16 units holds between ceil(n/2) and n code points. So `length <= max` passes
 * maxLength and `length < min` fails minLength without counting, and `length >= 2*min` passes
 * minLength; only the band between needs the walk Ajv does on every string. Same verdicts, same
 * errors: only the cost changes.
 */
const lengthKeywords: CodeKeywordDefinition = {
  keyword: ['maxLength', 'minLength'],
  type: 'string',
  schemaType: 'number',
  $data: true,
  error: lengthErrors,
  code (cxt: KeywordCxt) {
    const { keyword, data, schemaCode, gen } = cxt
    const { _ } = loadAjv()
    const count = gen.scopeValue('func', { ref: codePointLength })
    const fails = keyword === 'maxLength'
      ? _`${data}.length > ${schemaCode} && ${count}(${data}) > ${schemaCode}`
      : _`${data}.length < ${schemaCode} || (${data}.length < 2 * ${schemaCode} && ${count}(${data}) < ${schemaCode})`
    cxt.fail$data(fails)
  }
}

/**
 * Swaps Ajv's maxLength/minLength for the cheaper check above, in the same place among the string
 * keywords (before `pattern`) so the first error reported stays the same. `unicode: false` counts
 * UTF-16 units already and is left alone.
 */
export function useCheapStringLength (ajv: Ajv): void {
  if (ajv.opts.unicode === false) return
  ajv.removeKeyword('maxLength')
  ajv.removeKeyword('minLength')
  ajv.addKeyword({ ...lengthKeywords, before: 'pattern' })
}
