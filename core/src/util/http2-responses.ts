/** What tells an HTTP/2 response apart, and the connection-specific headers HTTP/2 forbids: read by the reply layer, below the servers. */

/** HTTP/2 forbids connection-specific headers: Node refuses to send them (or warns and drops them). */
export function isConnectionHeader (name: string): boolean {
  return name === 'connection' || name === 'transfer-encoding' || name === 'keep-alive' || name === 'upgrade' || name === 'proxy-connection'
}

/** Whether a raw response is Node's HTTP/2 compatibility response (it has a stream, not a socket). */
export function isHttp2Response (res: object): boolean {
  const stream = (res as { stream?: unknown }).stream
  return stream !== undefined && stream !== null
}
