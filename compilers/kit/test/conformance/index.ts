import type { Test } from 'tap'
import type { ConformanceAdapter } from './adapter.js'
import { compilerScope } from './compiler-scope.js'
import { entries } from './entries.js'
import { hostileInput } from './hostile-input.js'
import { moduleShape } from './module-shape.js'
import { requestParts } from './request-parts.js'
import { responseSerialization } from './response-serialization.js'
import { validationErrors, validationFunction } from './validation-errors.js'

export type { ConformanceAdapter } from './adapter.js'

/**
 * What every compiler adapter must do identically, on enclave() and on @enclave/fastify4: each
 * package's test/conformance.test.ts calls this with its adapter's description. Tests of what one
 * library does on its own (its options, async rules, messages, toJSONSchema) stay beside the adapter.
 */
export function runConformance (t: Test, adapter: ConformanceAdapter): void {
  for (const entry of entries) {
    t.test(`${adapter.name} on ${entry.name}`, async (t) => {
      t.test('request parts', async (t) => requestParts(t, adapter, entry))
      t.test('compiler scope', async (t) => compilerScope(t, adapter, entry))
      t.test('validation errors', async (t) => validationErrors(t, adapter, entry))
      t.test('response serialization', async (t) => responseSerialization(t, adapter, entry))
      t.test('hostile input', async (t) => hostileInput(t, adapter, entry))
    })
  }
  t.test(`${adapter.name}: the validation function`, async (t) => validationFunction(t, adapter))
  t.test(`${adapter.name}: the module`, async (t) => moduleShape(t, adapter))
}
