// `/// <reference types="fastify" />` (fastify-plugin's types) resolves here, to the package under
// test, rather than to a real Fastify another package may have installed.
export * from 'fastify'
