import type { FastifyErrorCodes } from './server-options.js'

export type { FastifyErrorCodes }
