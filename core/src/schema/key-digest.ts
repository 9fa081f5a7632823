import { createHash } from 'node:crypto'

/** sha256 in hex: what names a compiler's key in a schemaCache bundle and in precompiled code. */
export function digest (text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex')
}
