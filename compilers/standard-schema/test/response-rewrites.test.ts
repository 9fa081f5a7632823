import t from 'tap'
import * as v from 'valibot'
import { serializerCompiler } from '@enclave/standard-schema'
import { rewritingResponseChecks } from '../../kit/test/fixtures/rewriting-responses.js'

// The zod schemas through Standard Schema, and valibot's own transform.
rewritingResponseChecks(t, serializerCompiler, [{
  name: 'valibot transform',
  schema: v.object({ card: v.pipe(v.string(), v.transform((card: string) => '**** ' + card.slice(-4))) }),
  payload: { card: '4111111111111111' },
  sent: '{"card":"**** 1111"}'
}])
