import type { EnclaveInstance } from '@enclave/core'

export interface Answer {
  statusCode: number
  message: string | undefined
  body: Record<string, unknown>
}

/** POSTs a JSON body and returns the status and the 400 message (or the echoed body). */
export async function post (app: EnclaveInstance, url: string, payload: unknown): Promise<Answer> {
  const response = await app.inject({ method: 'POST', url, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } })
  const body = response.json() as Record<string, unknown>
  return { statusCode: response.statusCode, message: body.message as string | undefined, body }
}
