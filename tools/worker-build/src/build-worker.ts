import { mkdtemp, rm } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import * as esbuild from 'esbuild'
import { bundleWorker } from './bundle.js'
import { precompileSchemas, type AppFactory } from './precompile.js'

export interface BuildWorkerOptions {
  /** The Worker's entry module: `export default { fetch }`, building its app with `schemaCache: { code }` from `@enclave/worker-build/schema-code`. */
  entry: string
  /** A module exporting the app factory the build step calls: `(schemaCache) => app`. */
  app: string
  /** The export of `app` that is the factory; `default` unless given. */
  appExport?: string
  /** The bundle to write. */
  outfile: string
  minify?: boolean
  /**
   * Packages imported under another name, in the build step and in the bundle alike: an app that
   * imports `fastify` is built on Enclave with `{ fastify: '@enclave/fastify4' }`.
   */
  alias?: Record<string, string>
}

export interface BuildWorkerResult {
  /** Validators and serializers compiled to code. */
  schemas: number
  /** Bytes of the bundle. */
  bytes: number
}

// esbuild renames a bundled module's own `require`, so this one cannot clash with it.
const loaderRequire = "import { createRequire as createLoaderRequire } from 'node:module'\nconst require = createLoaderRequire(import.meta.url)"

/**
 * The whole build: loads the app module in Node (bundled on the fly, so TypeScript works too),
 * records its compiled schemas, then bundles the Worker with that code in place.
 */
export async function buildWorker (options: BuildWorkerOptions): Promise<BuildWorkerResult> {
  const appModule = resolve(options.app)
  // Beside the app module, so the app's packages resolve from the loader as from the app.
  const folder = await mkdtemp(join(dirname(appModule), '.enclave-worker-build-'))
  try {
    const loader = join(folder, 'app.mjs')
    // The app's packages are left to Node: the build step runs the app as it would run. A CommonJS
    // app require()s them, which an ES module cannot: the loader gets a require() of its own.
    await esbuild.build({ entryPoints: [appModule], outfile: loader, bundle: true, format: 'esm', platform: 'node', target: 'node20', packages: 'external', logLevel: 'warning', banner: { js: loaderRequire }, alias: options.alias })
    const loaded = await import(pathToFileURL(loader).href) as Record<string, unknown>
    const factory = loaded[options.appExport ?? 'default']
    if (typeof factory !== 'function') throw new TypeError(`${options.app} has no export ${options.appExport ?? 'default'} that builds the app`)
    const precompiled = await precompileSchemas(factory as AppFactory, appModule)
    const metafile = await bundleWorker({ entry: resolve(options.entry), outfile: resolve(options.outfile), schemaCode: precompiled.source, minify: options.minify, alias: options.alias })
    const output = Object.values(metafile.outputs)[0]
    return { schemas: precompiled.entries, bytes: output?.bytes ?? 0 }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
