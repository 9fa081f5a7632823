// This program (tsconfig.typecheck.json) checks enclave() apps, some registering Fastify's official
// plugins. `fastify` is installed (a peer of @fastify/type-provider-json-schema-to-ts), and its
// types would type those plugins for Fastify's instance, not Enclave's: keep the module untyped
// here, as it is in an enclave() app without Fastify. fastify/test-types checks Fastify's types
// with `fastify` resolved to @enclave/fastify.
declare module 'fastify'
