/**
 * Fastify 5's reading of a web `ReadableStream` reply: one chunk at a time, the next only once the
 * response has taken the last one, and none once the response is gone. Its source is cancelled
 * whenever the response closes before the end, even if the stream had already queued its last chunk
 * (Node's `Readable.fromWeb`, as Fastify 4.29 uses it, reads ahead and so never cancels it then).
 */
import { Readable } from 'node:stream'
import type { ReadableStream, ReadableStreamDefaultReader } from 'node:stream/web'
import type { ServerResponse } from 'node:http'

export class WebStreamReadable extends Readable {
  private readonly reader: ReadableStreamDefaultReader<unknown>
  private readonly response: ServerResponse
  private sourceOpen = true

  constructor (stream: ReadableStream, response: ServerResponse) {
    // No read-ahead: a chunk is pulled from the source only when the response asks for one.
    super({ highWaterMark: 0 })
    this.reader = stream.getReader()
    this.response = response
  }

  override _read (): void {
    // The response is gone (its 'close' is still to come, and destroys this stream): reading on
    // would drain the source that is about to be cancelled.
    if (this.response.destroyed) return
    void this.pull()
  }

  private async pull (): Promise<void> {
    let result: { done: boolean, value?: unknown }
    try {
      result = await this.reader.read()
    } catch (error) {
      this.sourceOpen = false
      this.destroy(error as Error)
      return
    }
    if (result.done) {
      this.sourceOpen = false
      this.push(null)
      return
    }
    this.push(result.value)
  }

  override _destroy (error: Error | null, callback: (error?: Error | null) => void): void {
    if (this.sourceOpen) {
      this.sourceOpen = false
      this.reader.cancel().then(undefined, ignoreCancelError)
    }
    callback(error)
  }
}

/** A source whose cancel fails has nothing more to say to a response that is already gone. */
function ignoreCancelError (): void {}
