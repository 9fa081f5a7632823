// The held-out apps as Cloudflare Workers, run by hand (not in CI: five bundles take a minute to
// build): `RUNTIMES=workerd node integration-tests/runtimes/held-out/compare.mjs` compares its
// answers with inject()'s; alone, `node --import tsx/esm integration-tests/workers/held-out.ts` prints
// { app: { workerd: [answers] } } in the audit's layout (runtimes/held-out/audit.mjs). Each app is
// built with enclave-worker-build (its schemas compiled at build time) from its own factory, unchanged;
// all are served by one workerd process and sent the requests of runtimes/held-out/apps.mjs.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startWorkerd, type WorkerSpec } from './workerd.js'
// @ts-expect-error: the audit's modules are plain JavaScript, without declarations
import { heldOutApps } from '../runtimes/held-out/apps.mjs'
// @ts-expect-error: likewise
import { viaFetch } from '../runtimes/held-out/answers.mjs'

interface HeldOutApp { name: string, v5?: boolean, requests: unknown[] }

/** How each app module gives its factory (as apps.mjs loads it), for a static import the bundler follows. */
const factories: Record<string, { from: string, imported: string, factory: string }> = {
  blog: { from: '../apps/blog/app.js', imported: 'build', factory: 'build' },
  'todo-api': { from: '../apps/todo-api/app.js', imported: '{ build }', factory: 'build' },
  shop: { from: '../apps/shop/app.ts', imported: '{ build }', factory: 'build' },
  'notes (v5)': { from: '../apps/v5/notes/app.ts', imported: '{ build }', factory: 'build' },
  'links (v5)': { from: '../apps/v5/links/app.cjs', imported: 'links', factory: 'links.build' },
  'media (v5)': { from: '../apps/v5/media/app.mjs', imported: '{ build }', factory: 'build' },
  'uploads (v5)': { from: '../apps/v5/uploads/app.cjs', imported: 'uploads', factory: 'uploads.build' },
  'catalog (v5)': { from: '../apps/v5/catalog/app.mjs', imported: '{ build }', factory: 'build' }
}

function workerName (app: string): string {
  return app.replace(/[^a-z0-9]/g, '')
}

/** The factory module the build step calls and the Worker entry that serves it. */
async function writeWorker (folder: string, held: HeldOutApp): Promise<WorkerSpec> {
  const app = held.name
  const { from, imported, factory } = factories[app]!
  const name = workerName(app)
  const appModule = join(folder, `${name}-app.mjs`)
  const entry = join(folder, `${name}-worker.mjs`)
  await writeFile(appModule, [
    `import ${imported} from ${JSON.stringify(fileURLToPath(new URL(from, import.meta.url)))}`,
    `export default (schemaCache) => ${factory}({ logger: false, schemaCache })`
  ].join('\n'))
  await writeFile(entry, [
    "import schemaCode from '@enclave/worker-build/schema-code'",
    `import createApp from ${JSON.stringify(`./${name}-app.mjs`)}`,
    'let app',
    'export default {',
    '  async fetch (request, env, context) {',
    '    app ??= await createApp({ code: schemaCode })',
    '    return await app.fetch(request, env, context)',
    '  }',
    '}'
  ].join('\n'))
  // The apps' own `fastify` switches between Fastify and Enclave for their tests; a Worker is Enclave's face.
  return { name, entry, app: appModule, alias: { fastify: held.v5 === true ? '@enclave/fastify' : '@enclave/fastify4' } }
}

// Beside the apps, so the generated modules resolve their packages as the apps do.
const scratch = fileURLToPath(new URL('../.tmp/', import.meta.url))
await mkdir(scratch, { recursive: true })
const folder = await mkdtemp(join(scratch, 'held-out-'))
try {
  const apps = heldOutApps as HeldOutApp[]
  const workerd = await startWorkerd(await Promise.all(apps.map(async (held) => await writeWorker(folder, held))))
  try {
    const report: Record<string, { workerd: unknown }> = {}
    for (const held of apps) {
      report[held.name] = { workerd: await viaFetch(fetch, workerd.urls[workerName(held.name)], held.requests) }
    }
    process.stdout.write(JSON.stringify(report) + '\n')
    if (/Uncaught|Error/.test(workerd.output())) process.stderr.write(workerd.output())
  } finally {
    await workerd.close()
  }
} finally {
  await rm(folder, { recursive: true, force: true })
}
