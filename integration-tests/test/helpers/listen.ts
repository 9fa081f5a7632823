import type { AddressInfo } from 'node:net'
import type { EnclaveInstance } from '@enclave/core'

/** The part of a tap test the helper needs: somewhere to register the server's close. */
interface Teardown { teardown: (fn: () => unknown) => void }

export interface RequestOptions {
  method?: string
  headers?: Record<string, string>
  /** Sent as JSON (with `content-type: application/json`) unless it is already a string. */
  body?: unknown
}

export interface WireResponse {
  status: number
  headers: Headers
  /** The payload exactly as it came off the socket. */
  text: string
  /** The payload parsed as JSON, or `undefined` when it is not JSON. */
  json: any
}

export interface Client {
  url: string
  port: number
  request: (path: string, options?: RequestOptions) => Promise<WireResponse>
}

function parseJson (text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * Starts `app` on 127.0.0.1 with a free port and closes it when the test ends. Requests go over a
 * real socket through the global fetch, so what is asserted is what a client receives.
 */
export async function start (t: Teardown, app: EnclaveInstance): Promise<Client> {
  t.teardown(() => app.close())
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`

  async function request (path: string, options: RequestOptions = {}): Promise<WireResponse> {
    const headers: Record<string, string> = { ...options.headers }
    let body: string | undefined
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
      if (headers['content-type'] === undefined) headers['content-type'] = 'application/json'
    }
    const response = await fetch(url + path, { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body })
    const text = await response.text()
    return { status: response.status, headers: response.headers, text, json: parseJson(text) }
  }

  return { url, port, request }
}
