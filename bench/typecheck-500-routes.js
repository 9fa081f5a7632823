// Type-check time of an app with 500 typed routes: generates the app into a temporary directory
// and times `tsc --noEmit` on it. Every route has inline JSON Schemas (body or querystring, params,
// responses by status) or a Zod schema, and its handler reads the typed parts and replies, so the
// inference is exercised the way an application exercises it. Target: under 10 s on this machine.
//
//   node bench/typecheck-500-routes.js [--routes 500] [--keep] [--tsc <another TypeScript's bin/tsc>]
import { execFileSync } from 'node:child_process'
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = join(dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)
const routeCount = Number(args[args.indexOf('--routes') + 1]) || 500
const keep = args.includes('--keep')
const tscFlag = args.indexOf('--tsc')
if (tscFlag !== -1 && args[tscFlag + 1] === undefined) throw new Error('--tsc needs the path of a TypeScript bin/tsc')
const routesPerPlugin = 50
const targetSeconds = 10

function jsonSchemaRoute (n) {
  return `
  instance.post('/items-${n}/:id', {
    schema: {
      params: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
      querystring: { type: 'object', properties: { dryRun: { type: 'boolean', default: false }, tags: { type: 'array', items: { type: 'string' } } } },
      body: {
        type: 'object',
        required: ['title', 'price'],
        properties: {
          title: { type: 'string' },
          price: { type: 'number' },
          kind: { type: 'string', enum: ['a', 'b', 'c'] },
          note: { type: ['string', 'null'] },
          owner: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } }, required: ['id'] }
        }
      },
      response: {
        201: { type: 'object', properties: { id: { type: 'integer' }, title: { type: 'string' }, total: { type: 'number' } }, required: ['id', 'title'] },
        '4xx': { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] }
      }
    }
  }, async (request, reply) => {
    if (request.query.dryRun) return reply.code(400).send({ message: 'dry run ${n}' })
    const owner: string = request.body.owner?.name ?? request.user
    return reply.code(201).send({ id: request.params.id, title: request.body.title + owner, total: request.body.price * 2 })
  })`
}

function getRoute (n) {
  return `
  instance.get('/things-${n}/:slug', {
    schema: {
      querystring: { page: { type: 'integer' }, q: { type: 'string' } },
      response: { 200: { type: 'array', items: { type: 'object', properties: { slug: { type: 'string' }, page: { type: 'integer' } }, required: ['slug'] } } }
    }
  }, async (request) => [{ slug: request.params.slug, page: request.query.page ?? 1 }])`
}

function zodRoute (n) {
  return `
  instance.put('/zod-${n}', {
    schema: {
      body: z.object({ name: z.string(), age: z.number().int().optional(), role: z.enum(['admin', 'member']).default('member') }),
      response: { 200: z.object({ ok: z.boolean(), name: z.string() }) }
    }
  }, async (request) => ({ ok: request.body.role === 'admin', name: request.body.name }))`
}

function routeFor (n) {
  if (n % 5 === 4) return zodRoute(n)
  return n % 2 === 0 ? jsonSchemaRoute(n) : getRoute(n)
}

function pluginFile (index, first, count) {
  let routes = ''
  for (let n = first; n < first + count; n++) routes += routeFor(n)
  return `import type { EnclaveInstance } from '@enclave/core'
import { z } from 'zod'

type App = EnclaveInstance & { readonly '~decorations'?: { readonly request: { user: string }, readonly reply: {} } }

export async function routes${index} (instance: App): Promise<void> {${routes}
}
`
}

function generate (dir) {
  mkdirSync(join(dir, 'src'))
  symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'), 'dir')
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'typecheck-bench', private: true, type: 'module' }))
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ['node']
    },
    include: ['src']
  }, null, 2))
  const imports = []
  const registrations = []
  let plugins = 0
  for (let first = 0; first < routeCount; first += routesPerPlugin) {
    writeFileSync(join(dir, 'src', `routes-${plugins}.ts`), pluginFile(plugins, first, Math.min(routesPerPlugin, routeCount - first)))
    imports.push(`import { routes${plugins} } from './routes-${plugins}.js'`)
    registrations.push(`  .register(routes${plugins}, { prefix: '/p${plugins}' })`)
    plugins++
  }
  writeFileSync(join(dir, 'src', 'app.ts'), `import enclave from '@enclave/core'
${imports.join('\n')}

export const app = enclave()
  .decorate('startedAt', Date.now())
  .decorateRequest('user', 'anonymous')
${registrations.join('\n')}
`)
}

const dir = mkdtempSync(join(tmpdir(), 'enclave-typecheck-'))
try {
  generate(dir)
  const tsc = tscFlag === -1 ? join(repo, 'node_modules', 'typescript', 'bin', 'tsc') : args[tscFlag + 1]
  const started = process.hrtime.bigint()
  let output = ''
  let failed = false
  try {
    output = execFileSync(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json'), '--extendedDiagnostics'], { encoding: 'utf8' })
  } catch (error) {
    output = String(error.stdout ?? '') + String(error.stderr ?? '')
    failed = true
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  const stat = (name) => output.match(new RegExp(`^${name}:\\s+(.+)$`, 'm'))?.[1]?.trim()
  if (failed) {
    console.error(output.split('\n').filter((line) => line.includes('error TS')).slice(0, 20).join('\n'))
    console.error(`tsc reported errors for the generated app (${dir})`)
    process.exitCode = 1
  }
  console.log(`${routeCount} typed routes: tsc --noEmit took ${seconds.toFixed(2)} s (check ${stat('Check time') ?? '?'}, ` +
    `types ${stat('Types') ?? '?'}, instantiations ${stat('Instantiations') ?? '?'}, memory ${stat('Memory used') ?? '?'})`)
  if (seconds >= targetSeconds) {
    console.error(`slower than the ${targetSeconds} s target`)
    process.exitCode = 1
  }
} finally {
  if (keep) console.log(`generated app kept in ${dir}`)
  else rmSync(dir, { recursive: true, force: true })
}
