/** close(): the server stops listening first (after the preClose hooks), then avvio runs the onClose hooks. */
import { closeGracefully } from '../server/graceful-close.js'
import { endHttp2Sessions } from '../server/http2-server.js'
import { runApplicationHooks } from '../lifecycle/application-hooks.js'
import { hooksInTreeOrder, type AvvioDone } from './context-state.js'
import type { ServerState } from './server-state.js'

/**
 * Registered at preReady, so it is the last onClose added and (avvio runs them last-in first) the
 * first to run: as in Fastify, close() marks the server closing, runs the preClose hooks, then
 * closes the HTTP server, before the other onClose hooks.
 */
export function closeServerFirst (server: ServerState): void {
  server.avvio.once('preReady', function registerServerClose () {
    server.root.instance._avvioOnClose(function closeHttpServer (_instance: unknown, done: AvvioDone) {
      server.closing = true
      // Fastify's close (gracefulClose off) without preClose hooks closes the server in the same
      // tick, as Fastify does: Node's close() a few ticks later can find a connection between two
      // pipelined requests, take it for idle and cut the second. The graceful close has its own grace.
      const preClose = hooksInTreeOrder(server.root, 'preClose')
      if (preClose.length === 0 && server.options.gracefulClose !== true) {
        stopServing(server, done)
        return
      }
      runApplicationHooks(preClose, [], server.options.pluginTimeout, 'preClose', server.profile.api).then(function afterPreClose () {
        stopServing(server, done)
      }, function afterPreCloseFailed (error: unknown) {
        // As Fastify: the server still closes, the other onClose hooks still run, close() rejects —
        // for a hook that never finished, with avvio's timeout error itself (Fastify's preClose
        // hooks run inside avvio's close, whose timeout is what fires).
        const reason = isHookTimeout(error) ? error.cause : error
        stopServing(server, function closedAfterFailure () { done(reason) })
      })
    })
  })
}

function isHookTimeout (error: unknown): error is { cause: unknown } {
  const timeout = error as { code?: unknown, cause?: { code?: unknown } } | null
  return timeout?.code === 'FST_ERR_HOOK_TIMEOUT' && timeout.cause?.code === 'AVV_ERR_READY_TIMEOUT'
}

function stopServing (server: ServerState, done: () => void): void {
  if (server.listening) {
    const servers = [server.httpServer!, ...server.secondaryServers]
    let open = servers.length
    for (const httpServer of servers) {
      closeGracefully(httpServer, server.options.forceCloseConnections, server.options.gracefulClose, server.profile.api, function serverClosed () {
        if (--open > 0) return
        server.listening = false
        server.secondaryServers = []
        done()
      })
      endHttp2Sessions(httpServer, server.options, server.profile.api)
    }
    return
  }
  if (typeof server.options.serverFactory === 'function' || server.httpServer === null) {
    // When Node's close() of a server that never listened would call back.
    process.nextTick(done)
    return
  }
  // Never listened: close() anyway (Node keeps state for a server that is never closed); its
  // ERR_SERVER_NOT_RUNNING is expected.
  server.httpServer.close(function notRunning () { done() })
}

/**
 * close(), as Fastify's: avvio's close, which loads the plugins first when the app never started
 * (so every onClose hook a plugin adds runs), then runs the onClose hooks, the server's first.
 */
export function closeInstance (server: ServerState): Promise<void> {
  if (server.closePromise !== undefined) return server.closePromise
  server.closePromise = server.root.instance._avvioClose().then(function closed () {
    server.closing = true
    server.closed = true
  }, function closeFailed (error: unknown) {
    server.closing = true
    server.closed = true
    throw error
  })
  return server.closePromise
}
