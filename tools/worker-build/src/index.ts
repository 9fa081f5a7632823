/** `@enclave/worker-build`: an Enclave app as a Cloudflare Worker (see docs/runtimes.md, "Cloudflare Workers"). */
export { buildWorker, type BuildWorkerOptions, type BuildWorkerResult } from './build-worker.js'
export { bundleWorker, schemaCodeModule, type BundleOptions } from './bundle.js'
export { precompileSchemas, type AppFactory, type PrecompiledModule } from './precompile.js'
