// Peer "hono": hono with @hono/node-server (its app: hono-app.js).
import { serve } from '@hono/node-server'
import { buildHonoApp } from './hono-app.js'
import { portFromArgs, host, reportReady } from './harness.js'

const app = buildHonoApp()
serve({ fetch: app.fetch, port: portFromArgs(), hostname: host }, function onListening (info) { reportReady('hono', info.port) })
