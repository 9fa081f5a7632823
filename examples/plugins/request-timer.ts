/**
 * A small third-party plugin written against Enclave's public API only: it measures how long each
 * request takes, sends the duration in a response header and can report it to a callback.
 * docs/plugins/writing-a-plugin.md builds it step by step.
 */
// #region options
import { createError, type EnclaveInstance, type EnclaveReply, type EnclaveRequest } from '@enclave/core'
import plugin from '@enclave/plugin'

export interface RequestTimerOptions {
  /** Response header that carries the duration in milliseconds; `false` sends none. Default 'x-response-time'. */
  header?: string | false
  /** Decimal places of the header value. Default 2. */
  digits?: number
  /** Called once per response, after it was sent, with the duration in milliseconds. */
  onTiming?: (durationMs: number, request: EnclaveRequest) => void
}
// #endregion options

// #region typed-decorations
// Typed decorations: `request.timerStart` is known to TypeScript wherever the plugin is imported.
declare module '@enclave/core' {
  interface EnclaveRequestDecorations {
    timerStart?: bigint | null
  }
}
// #endregion typed-decorations

// #region check-options
// Coded errors, thrown at registration, so a wrong option fails `register()`, not a request.
export const REQUEST_TIMER_INVALID_OPTION = createError('REQUEST_TIMER_INVALID_OPTION', 'request-timer: %s', 500, TypeError)

const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

function resolveOptions (options: RequestTimerOptions): Required<Omit<RequestTimerOptions, 'onTiming'>> & Pick<RequestTimerOptions, 'onTiming'> {
  const header = options.header ?? 'x-response-time'
  if (header !== false && (typeof header !== 'string' || !headerName.test(header))) {
    throw new REQUEST_TIMER_INVALID_OPTION('header has to be a header name or false')
  }
  const digits = options.digits ?? 2
  if (!Number.isInteger(digits) || digits < 0 || digits > 6) throw new REQUEST_TIMER_INVALID_OPTION('digits has to be an integer from 0 to 6')
  if (options.onTiming !== undefined && typeof options.onTiming !== 'function') {
    throw new REQUEST_TIMER_INVALID_OPTION('onTiming has to be a function')
  }
  return { header, digits, onTiming: options.onTiming }
}
// #endregion check-options

// #region elapsed
function elapsedMs (request: EnclaveRequest): number {
  const start = request.timerStart
  return typeof start === 'bigint' ? Number(process.hrtime.bigint() - start) / 1e6 : 0
}
// #endregion elapsed

async function requestTimer (instance: EnclaveInstance, options: RequestTimerOptions): Promise<void> {
  const { header, digits, onTiming } = resolveOptions(options)

  // #region decorator
  // Declared with a primitive value so every request object has the same shape from the start.
  // Guarded, because a second registration below an ancestor's would otherwise throw "already present".
  if (!instance.hasRequestDecorator('timerStart')) instance.decorateRequest('timerStart', null)
  // #endregion decorator

  // #region hooks
  // Named hook functions, created once here: nothing is allocated per request.
  instance.addHook('onRequest', function startTimer (request: EnclaveRequest, _reply: EnclaveReply, done: () => void) {
    request.timerStart = process.hrtime.bigint()
    done()
  })

  if (header !== false) {
    instance.addHook('onSend', function sendDuration (request: EnclaveRequest, reply: EnclaveReply, payload: unknown, done: (error: null, payload: unknown) => void) {
      reply.header(header, elapsedMs(request).toFixed(digits))
      done(null, payload)
    })
  }
  // #endregion hooks

  // #region report
  if (onTiming !== undefined) {
    instance.addHook('onResponse', function reportDuration (request: EnclaveRequest, _reply: EnclaveReply, done: () => void) {
      try {
        onTiming(elapsedMs(request), request)
      } catch (error) {
        // The response is already sent; a broken callback must not become an unhandled error.
        request.log.error({ err: error }, 'request-timer: onTiming failed')
      }
      done()
    })
  }
  // #endregion report
}

// #region wrap
/**
 * Wrapped, so the hooks land in the context that registers the plugin: register it at the root to
 * time every route, or inside a child plugin to time only that child's routes.
 */
export default plugin(requestTimer, { name: 'request-timer', enclave: '0.x' })
// #endregion wrap
