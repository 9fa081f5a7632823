#!/usr/bin/env node
import { parseArgs } from 'node:util'
import { buildWorker } from './build-worker.js'

const usage = `Usage: enclave-worker-build --entry <worker.ts> --app <app.ts>[#export] --out <worker.js> [--minify] [--alias <name>=<package> ...]

Compiles every schema of the app (validators and serializers) to code, then bundles the Worker
entry with that code as @enclave/worker-build/schema-code. The app module's export (default unless
named after #) is called with the schemaCache option and returns the app. --alias builds imports
of <name> from <package> (fastify=@enclave/fastify4: an app importing fastify runs on Enclave).`

const { values } = parseArgs({
  options: {
    entry: { type: 'string' },
    app: { type: 'string' },
    out: { type: 'string' },
    minify: { type: 'boolean', default: false },
    alias: { type: 'string', multiple: true, default: [] },
    help: { type: 'boolean', default: false }
  }
})

if (values.help === true || values.entry === undefined || values.app === undefined || values.out === undefined) {
  console.error(usage)
  process.exit(values.help === true ? 0 : 2)
}

const [app, appExport] = values.app.split('#') as [string, string | undefined]
const alias: Record<string, string> = {}
for (const pair of values.alias) {
  const [name, target] = pair.split('=')
  if (name === undefined || name === '' || target === undefined || target === '') {
    console.error(`--alias ${pair}: expected <name>=<package>\n\n${usage}`)
    process.exit(2)
  }
  alias[name] = target
}
try {
  const result = await buildWorker({ entry: values.entry, app, appExport, outfile: values.out, minify: values.minify, alias })
  console.log(`${values.out}: ${result.schemas} schemas compiled to code, ${(result.bytes / 1024).toFixed(0)} KiB`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
