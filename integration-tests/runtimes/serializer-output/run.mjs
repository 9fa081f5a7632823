// The generated comparison (compare-mechanisms.mjs) on the runtime that runs this file, through the
// built @enclave/fjs as an app gets it: prints the result as one JSON line.
//   bun run.mjs      deno run -A run.mjs      node run.mjs [--force-native]
import { createSerializerCompiler } from '@enclave/fjs'
import { compareMechanisms } from './compare-mechanisms.mjs'

const runtime = typeof globalThis.Bun !== 'undefined' ? 'Bun' : typeof globalThis.Deno !== 'undefined' ? 'Deno' : 'Node'
// Node before 25 has no JSON.stringify fast path, so fast-json-stringify leaves the native way off
// there: its `forceProjection` takes it anyway, for the comparison.
const options = process.argv.includes('--force-native') ? { forceProjection: true } : {}
const result = compareMechanisms({ createSerializerCompiler, options })
process.stdout.write(JSON.stringify({ runtime, ...result }) + '\n')
