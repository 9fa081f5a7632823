import { catalogue } from './codes.js'
import { packageCodes } from './package-codes.js'
import { warningCatalogue } from './warnings.js'

function escapeCell (text: string): string {
  return text.replace(/\|/g, '\\|')
}

/** docs/reference/errors.md, rendered from the catalogue so the two cannot drift apart. */
export function renderErrorReference (): string {
  const lines = [
    '# Error reference',
    '',
    '<!-- Generated from core/src/errors/ (codes.ts, warnings.ts, package-codes.ts) by `npm run docs:errors`. Do not edit by hand. -->',
    '',
    'Every error Enclave throws or answers with is an instance with a stable `code`. Codes are',
    "Fastify v4's (`FST_ERR_*`) where the behaviour matches, so `err.code` checks written for Fastify",
    'keep working; `ENC_ERR_*` where Enclave behaves differently. Each code is also a constructor on',
    'the `errorCodes` export: `err instanceof errorCodes.FST_ERR_NOT_FOUND`.',
    '',
    'Errors answered to a client use the payload `{"statusCode", "code", "error", "message"}` and never',
    'carry a stack. Validation errors (`FST_ERR_VALIDATION`) on `enclave()` follow the spec instead',
    "(option `validationPayload: 'spec'`):",
    '`{"statusCode":400,"error":"Bad Request","message":"body should have required property \'name\'"}`.',
    '',
    '| code | status | message | when |',
    '|---|---|---|---|'
  ]
  for (const entry of catalogue) {
    const status = 'statusCode' in entry ? String(entry.statusCode) : '500'
    lines.push(`| \`${entry.code}\` | ${status} | ${escapeCell(entry.message)} | ${escapeCell(entry.when)} |`)
  }
  lines.push(
    '',
    '## Warnings',
    '',
    'Process warnings (`process.on(\'warning\')`, printed by Node unless silenced). Fastify\'s keep',
    "Fastify's code, type and message. *Once* means only the first occurrence in a process is emitted,",
    'as Fastify does for that code.',
    '',
    '| code | type | emitted | message | when |',
    '|---|---|---|---|---|'
  )
  for (const entry of warningCatalogue) {
    const emitted = entry.unlimited ? 'every time' : 'once'
    lines.push(`| \`${entry.code}\` | ${entry.name} | ${emitted} | ${escapeCell(entry.message)} | ${escapeCell(entry.when)} |`)
  }
  lines.push(
    '',
    '## Codes of the other packages',
    '',
    "The compilers and plugins throw their own errors (not on core's `errorCodes`); each package's",
    'page gives the details. Their codes are `ENC_ERR_<PACKAGE>_<WHAT>`, except where the official',
    "Fastify plugin's code exists for the same condition (`FST_BEARER_AUTH_*`), which is kept.",
    '',
    '| code | package | when |',
    '|---|---|---|'
  )
  for (const entry of packageCodes) {
    lines.push(`| \`${entry.code}\` | \`${entry.package}\` | ${escapeCell(entry.when)} |`)
  }
  lines.push('')
  return lines.join('\n')
}
