/** What a Node request reports when its client goes away mid-exchange: an `ECONNRESET` "aborted". */
export function connectionReset (): Error {
  const error = new Error('aborted') as Error & { code: string }
  error.code = 'ECONNRESET'
  return error
}
