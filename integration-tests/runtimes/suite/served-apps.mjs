// Every app the cross-runtime cases are asked of: the suite's own (app.mjs) and three held-out
// apps from integration-tests/apps, written as Fastify users write them (a case's `app` names one).
// The TypeScript apps (shop, v5/notes) are left out: Node runs this suite without a loader.
import { createRequire } from 'node:module'
import { buildApp } from './app.mjs'
import { build as buildTodoApi } from '../../apps/todo-api/app.js'

const require = createRequire(import.meta.url)

export async function buildApps () {
  return {
    suite: buildApp(),
    // CommonJS, on the Fastify v4 face (@fastify/formbody, cookie, bearer-auth, auth).
    blog: require('../../apps/blog/app.js')({ logger: false }),
    // ES modules, on the Fastify v4 face (@fastify/cors, sensible, shared $ref schemas).
    'todo-api': buildTodoApi({ logger: false }),
    // CommonJS, on the Fastify v5 face (v5 majors of formbody, cookie, rate-limit).
    links: await require('../../apps/v5/links/app.cjs').build({ logger: false }),
    // The Fastify v5 face's own JSON parser (Bun's and Deno's servers have it read the body as text).
    v5: v5JsonApp()
  }
}

function v5JsonApp () {
  const app = require('@enclave/fastify')({ logger: false })
  app.post('/echo', async (request) => ({ body: request.body }))
  return app
}
