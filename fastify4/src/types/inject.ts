import type { InjectResponse } from '@enclave/core'

/** What `inject()` takes: light-my-request's options (Enclave's inject is light-my-request's). */
export interface InjectOptions {
  url?: string | { pathname: string, protocol?: string, hostname?: string, port?: string | number, query?: string | Record<string, string | string[]> }
  path?: string | { pathname: string, protocol?: string, hostname?: string, port?: string | number, query?: string | Record<string, string | string[]> }
  headers?: Record<string, string | string[] | number | undefined>
  query?: string | Record<string, string | string[]>
  simulate?: { end?: boolean, split?: boolean, error?: boolean, close?: boolean }
  authority?: string
  remoteAddress?: string
  method?: string
  validate?: boolean
  payload?: string | object | Buffer | NodeJS.ReadableStream
  body?: string | object | Buffer | NodeJS.ReadableStream
  server?: unknown
  cookies?: Record<string, string>
  signal?: AbortSignal
}

export type LightMyRequestResponse = InjectResponse
export type LightMyRequestCallback = (err: Error | undefined, response: LightMyRequestResponse | undefined) => void

/** The chain `inject()` returns when called without options. */
export interface LightMyRequestChain extends Promise<LightMyRequestResponse> {
  delete (url: string): LightMyRequestChain
  get (url: string): LightMyRequestChain
  head (url: string): LightMyRequestChain
  options (url: string): LightMyRequestChain
  patch (url: string): LightMyRequestChain
  post (url: string): LightMyRequestChain
  put (url: string): LightMyRequestChain
  trace (url: string): LightMyRequestChain
  body (body: InjectOptions['body']): LightMyRequestChain
  headers (headers: InjectOptions['headers']): LightMyRequestChain
  payload (payload: InjectOptions['payload']): LightMyRequestChain
  query (query: InjectOptions['query']): LightMyRequestChain
  cookies (query: InjectOptions['cookies']): LightMyRequestChain
  end (): Promise<LightMyRequestResponse>
  end (callback: LightMyRequestCallback): void
}
