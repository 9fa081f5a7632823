import { Writable } from 'node:stream'
import enclave, { type EnclaveInstance } from '@enclave/core'

export interface LogLine {
  level: number
  msg: string
  err?: { message?: string, type?: string }
  [key: string]: unknown
}

/** An app whose log lines are collected, to assert what the plugin logs (and what it does not). */
export function appWithLogs (level = 'info'): { app: EnclaveInstance, lines: LogLine[] } {
  const lines: LogLine[] = []
  const stream = new Writable({
    write (chunk: Buffer, _encoding, callback) {
      for (const text of chunk.toString().split('\n')) {
        if (text !== '') lines.push(JSON.parse(text) as LogLine)
      }
      callback()
    }
  })
  return { app: enclave({ logger: { level, stream } }), lines }
}

export function bearer (token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` }
}

/** Route handler that shows what the plugin gave the request. */
export function showAuth (request: { bearerToken?: unknown, bearerPrincipal?: unknown }): Record<string, unknown> {
  return { token: request.bearerToken, principal: request.bearerPrincipal }
}
