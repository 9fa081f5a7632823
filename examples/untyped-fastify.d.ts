// These examples are enclave() apps, some registering Fastify's official plugins (@fastify/swagger,
// @fastify/swagger-ui). In this repository `fastify` is installed (linked to @enclave/fastify), and
// its types would type those plugins for Fastify's instance, not enclave()'s: keep the module
// untyped here, as it is in an enclave() app without Fastify (core/test-types/untyped-fastify.d.ts
// does the same for the typecheck program).
declare module 'fastify'
