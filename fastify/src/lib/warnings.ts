import { warnings as catalogue } from '@enclave/core/internal'

/**
 * `require('fastify/lib/warnings')`: the warnings Fastify 5.12's module exports, under its names, each
 * the very process-warning item the face emits through — so process-warning's `spyWarning(item)` sees
 * the face's warnings (when the spying code loads the same process-warning module as the face).
 * FSTDEP022 (a router option given at the top level) is catalogued under Enclave's own code, as its
 * number means another deprecation on the Fastify 4 face.
 */
const warnings = Object.freeze({
  FSTWRN001: catalogue.FSTWRN001,
  FSTWRN003: catalogue.FSTWRN003,
  FSTWRN004: catalogue.FSTWRN004,
  FSTSEC001: catalogue.FSTSEC001,
  FSTSEC002: catalogue.FSTSEC002,
  FSTSEC003: catalogue.FSTSEC003,
  FSTDEP022: catalogue.ENC_WARN_TOP_LEVEL_ROUTER_OPTION,
  FSTDEP023: catalogue.FSTDEP023,
  FSTDEP024: catalogue.FSTDEP024,
  FSTDEP025: catalogue.FSTDEP025
})

export default warnings
export { warnings as 'module.exports' }
