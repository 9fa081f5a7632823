import avvio from 'avvio'
import { createValidatorCompilerFactory } from '@enclave/ajv'
import { createSerializerCompilerFactory } from '@enclave/fjs'
import { resolveOptions } from './options.js'
import { buildInitialConfig } from './instance/initial-config.js'
import { createLogger } from './logging/logger.js'
import { createDefaultIdGenerator, withRequestIdHeader } from './logging/request-logger.js'
import { kContext } from './symbols.js'
import { ContextState } from './instance/context-state.js'
import { override } from './instance/override.js'
import { createRouters, routeRequest } from './routing/router.js'
import { createHttpServer } from './server/http-server.js'
import { settleForceCloseConnections } from './server/http2-server.js'
import { guardHttpVersion } from './server/http-version.js'
import { createTrustFunction } from './request/trust-proxy.js'
import { createJsonParser, defaultTextParser } from './request/default-parsers.js'
import { instanceMethods } from './instance/instance-methods.js'
import { bootInstance, installNotFound } from './instance/boot.js'
import type { RouteServer } from './routing/route-context.js'
import type { EnclaveInstance, EnclaveOptions, EnclaveHttp2Instance, EnclaveHttp2Options, EnclaveHttp2SecureOptions } from './types/index.js'
import type { Http2SecureServer, Http2Server } from 'node:http2'
import { enclaveProfile, type Profile } from './profile.js'
import { createControllerState } from './schema/schema-controller.js'
import { createFileCodeCache, isPlainJsonData } from './schema/compile-cache.js'
import { keepTickEntryShape } from './util/keep-tick-shape.js'

keepTickEntryShape()

/** Creates a server with Enclave's defaults (see profile.ts for where they differ from Fastify's). */
export function enclave (input: EnclaveHttp2SecureOptions): EnclaveHttp2Instance<Http2SecureServer>
export function enclave (input: EnclaveHttp2Options): EnclaveHttp2Instance<Http2Server>
export function enclave (input?: EnclaveOptions): EnclaveInstance
export function enclave (input?: EnclaveOptions): EnclaveInstance {
  return createServer(input, enclaveProfile)
}

/** Creates a server: the root context, its router, avvio for plugins, and the HTTP server. */
export function createServer (input: EnclaveOptions | undefined, profile: Profile): EnclaveInstance {
  const options = resolveOptions(input, profile)
  const { logger, enabled: loggingEnabled } = createLogger(options.logger)
  const validatorGroup = (options.validator ?? options.ajv ?? {}) as Record<string, any>
  const codeCache = options.schemaCache === null ? undefined : createFileCodeCache(options.schemaCache.dir)
  const validatorCodeCache = codeCache !== undefined && isPlainJsonData(validatorGroup.customOptions ?? null) ? codeCache : undefined
  const serializerCodeCache = codeCache !== undefined && isPlainJsonData(options.serializerOpts ?? null) ? codeCache : undefined
  const instance: any = Object.create(instanceMethods)
  const server = {
    options,
    profile,
    logger,
    loggingEnabled,
    routes: [],
    onListen: [],
    preClose: [],
    rootNotFound: null,
    defaultRoute: null,
    secondaryServers: [],
    started: false,
    booted: false,
    listening: false,
    closing: false,
    closed: false,
    readyPromise: null,
    validatorCompilerCache: new Map(),
    serializerCompilerCache: new Map(),
    defaultValidatorFactory: createValidatorCompilerFactory({
      customOptions: validatorGroup.customOptions,
      plugins: validatorGroup.plugins,
      onCreate: validatorGroup.onCreate,
      annotationKeywords: options.acceptAnnotationKeywords,
      codeCache: validatorCodeCache
    }),
    defaultSerializerFactory: createSerializerCompilerFactory(options.serializerOpts as any, serializerCodeCache),
    schemaController: options.schemaController === undefined ? null : createControllerState(options.schemaController),
    validatorFactoryOptions: { customOptions: {}, plugins: [], ...validatorGroup },
    serializerFactoryOptions: options.serializerOpts,
    trustProxy: createTrustFunction(options.trustProxy)
  } as unknown as RouteServer
  const { router, notFoundRouter, querystringParser, asyncConstraints } = createRouters(options, () => server)
  Object.assign(server, { router, notFoundRouter, querystringParser, asyncConstraints })
  const generate = typeof options.genReqId === 'function' ? options.genReqId as (raw: any) => string : createDefaultIdGenerator()
  ;(server as any).genReqId = withRequestIdHeader(options.requestIdHeader, generate)
  const root = new ContextState(server, null, '', profile.rootPluginName, logger)
  root.instance = instance
  server.root = root
  instance[kContext] = root
  // Fastify 4 reads JSON as text; the generic errors need the bytes, to refuse what is not UTF-8.
  root.parsers.add('application/json', { parseAs: options.genericJsonParseErrors ? 'buffer' : 'string' }, createJsonParser(options.onProtoPoisoning, options.onConstructorPoisoning, options), instance, true)
  root.parsers.add('text/plain', { parseAs: 'string' }, defaultTextParser, instance, true)

  const rewriteUrl = options.rewriteUrl as ((raw: any) => string) | undefined
  server.httpHandler = rewriteUrl === undefined
    ? function handleHttpRequest (req: any, res: any) { routeRequest(server, req, res) }
    : function handleRewrittenRequest (req: any, res: any) {
      req.url = rewriteUrl.call(instance, req)
      routeRequest(server, req, res)
    }
  server.httpHandler = guardHttpVersion(options, server.httpHandler)
  server.httpServer = createHttpServer(options, server.httpHandler, logger)
  settleForceCloseConnections(options, (input as Record<string, unknown> | undefined)?.forceCloseConnections, server.httpServer)
  ;(instance as any).initialConfig = buildInitialConfig((input ?? {}) as Record<string, unknown>, options)

  const boot = avvio(instance, {
    autostart: false,
    timeout: options.pluginTimeout,
    expose: { use: '_avvioRegister', ready: '_avvioReady', close: '_avvioClose', onClose: '_avvioOnClose' }
  } as any)
  ;(boot as any).override = override
  server.avvio = boot
  boot.on('start', function onStart () { server.started = true })
  installNotFound(server)
  bootInstance(server)
  return instance as EnclaveInstance
}
