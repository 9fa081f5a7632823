// This program (tsconfig.typecheck.json) checks enclave() apps and their tests, some registering
// Fastify's official plugins with options their .d.ts files do not list (Enclave's tests exercise
// run-time behaviour beyond those types). `fastify` resolves to @enclave/fastify4 (the root
// devDependency), which would type those plugins: keep the module untyped here, as the tests were
// written against (examples/untyped-fastify.d.ts does the same for the examples). fastify4/test-types
// checks Fastify's types with the plugins' .d.ts files.
declare module 'fastify'
