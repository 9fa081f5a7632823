// Fastify 4's type modules by their paths (`fastify/types/reply` …), as the .d.ts files of plugins
// such as @fastify/websocket import them: each path resolves, and a name reached through it is the
// same type as the one the package's index exports. Checked by tsc, never run.
import type { FastifyReply as IndexReply, preCloseHookHandler as IndexPreClose, RouteGenericInterface as IndexRouteGeneric } from 'fastify'
import type { FastifyReply } from 'fastify/types/reply'
import type { preCloseAsyncHookHandler, preCloseHookHandler } from 'fastify/types/hooks'
import type { RouteGenericInterface } from 'fastify/types/route'
import type { FastifyRequest } from 'fastify/types/request'
import type { FastifyInstance } from 'fastify/types/instance'
import type { FastifyPluginAsync } from 'fastify/types/plugin'
import type { FastifySchema } from 'fastify/types/schema'
import type { FastifyBaseLogger } from 'fastify/types/logger'
import type { FastifyTypeProviderDefault } from 'fastify/types/type-provider'
import type { RawServerDefault } from 'fastify/types/utils'
import type { FastifyContextConfig } from 'fastify/types/context'
import type { FastifyBodyParser } from 'fastify/types/content-type-parser'
import type { FastifyErrorCodes } from 'fastify/types/errors'
import type { FastifyRegister } from 'fastify/types/register'
import type { FastifyServerFactory } from 'fastify/types/serverFactory'
import { assertType, type Equal } from './expect.js'

assertType<Equal<FastifyReply, IndexReply>>()
assertType<Equal<preCloseHookHandler, IndexPreClose>>()
assertType<Equal<RouteGenericInterface, IndexRouteGeneric>>()

export type DeepImported = [
  FastifyRequest, FastifyInstance, FastifyPluginAsync, FastifySchema, FastifyBaseLogger, FastifyTypeProviderDefault,
  RawServerDefault, FastifyContextConfig, FastifyBodyParser<string>, FastifyErrorCodes, FastifyRegister, FastifyServerFactory,
  preCloseAsyncHookHandler
]
