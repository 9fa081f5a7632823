/** The factories: `enclave()` with Enclave's defaults, and `createServer(options, profile)`, which builds a server for either face. */
import { showMembersAsOwn } from './instance/own-members.js'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Http2SecureServer, Http2Server } from 'node:http2'
import { channel } from 'node:diagnostics_channel'
import { errorCodes } from './errors/codes.js'
import avvio from 'avvio'
import { createValidatorCompilerFactory, type AjvCompilerOptions } from '@enclave/ajv'
import { createSerializerCompilerFactory, type SerializerOptions } from '@enclave/fjs'
import { resolveOptions, withLogController } from './options.js'
import { buildInitialConfig } from './instance/initial-config.js'
import { createLoggerFrom } from './logging/logger.js'
import { createMethodTable } from './routing/http-methods.js'
import { createDefaultIdGenerator, withRequestIdHeader } from './logging/request-logger.js'
import { ContextState, type RuntimeInstance } from './instance/context-state.js'
import { override } from './instance/override.js'
import { closeServerFirst } from './instance/close.js'
import { instanceMethodsOf } from './instance/instance-methods.js'
import { notFoundParamsOf } from './routing/not-found-params.js'
import { lifecycleMethods } from './instance/lifecycle-methods.js'
import { kContext } from './symbols.js'
import { installNotFound } from './routing/not-found.js'
import { addPluginTreeStep } from './routing/plugin-tree-step.js'
import { createRouters, logRefusedHttpVersion, routeRequest } from './routing/router.js'
import { createHttpServer } from './server/http-server.js'
import { settleForceCloseConnections } from './server/http2-server.js'
import { guardHttpVersion } from './server/http-version.js'
import { createTrustFunction } from './request/trust-proxy.js'
import { createJsonParser, defaultTextParser } from './request/default-parsers.js'
import { createControllerState } from './schema/schema-controller.js'
import { schemaCodeCaches } from './schema/compile-cache.js'
import { keepTickEntryShape } from './util/keep-tick-shape.js'
import { enclaveProfile, type Profile } from './profile.js'
import type { ServerState, RawHandler, PluginLoader } from './instance/server-state.js'
import type { ResolvedOptions } from './options.js'
import type { EnclaveInstance, EnclaveOptions, EnclaveHttp2Instance, EnclaveHttp2Options, EnclaveHttp2SecureOptions } from './types/index.js'

keepTickEntryShape()

// Fastify's channel name on both entries: tracers (APM agents) subscribe to it to instrument each new instance.
const initializationChannel = channel('fastify.initialization')

/** Creates a server with Enclave's defaults (see profile.ts for where they differ from Fastify's). */
export function enclave (input: EnclaveHttp2SecureOptions): EnclaveHttp2Instance<Http2SecureServer>
export function enclave (input: EnclaveHttp2Options): EnclaveHttp2Instance<Http2Server>
export function enclave (input?: EnclaveOptions): EnclaveInstance
export function enclave (input?: EnclaveOptions): EnclaveInstance {
  return createServer(input, enclaveProfile)
}

/** The `ajv` (or `validator`) option group: Ajv's options, plugins and onCreate, as Fastify reads them. */
type ValidatorGroup = Pick<AjvCompilerOptions, 'customOptions' | 'plugins' | 'onCreate'> & Record<string, unknown>

function serverStateOf (options: ResolvedOptions, profile: Profile): ServerState {
  // Fastify 4.29 knows no `loggerInstance`: its face ignores it, as 4.29 does.
  const { logger, enabled: loggingEnabled } = createLoggerFrom(options.logger, profile.name === 'fastify' ? undefined : options.loggerInstance, profile.api)
  const validatorGroup = (options.validator ?? options.ajv ?? {}) as ValidatorGroup
  const serializerOptions = options.serializerOpts as SerializerOptions | undefined
  const { validatorCodeCache, serializerCodeCache } = schemaCodeCaches(options.schemaCache, validatorGroup.customOptions, serializerOptions, (validatorGroup.plugins ?? []).length > 0 || validatorGroup.onCreate !== undefined)
  const generate = typeof options.genReqId === 'function' ? options.genReqId as (raw: IncomingMessage) => string : createDefaultIdGenerator()
  // The root context, the routers, the HTTP server and avvio need this object first: they are set right after.
  return {
    options,
    profile,
    httpMethods: createMethodTable(profile.api),
    logger,
    loggingEnabled,
    logController: options.logController ?? null,
    genReqId: withRequestIdHeader(options.requestIdHeader, generate),
    routes: [],
    rootNotFound: null,
    rootNotFoundParams: notFoundParamsOf(profile),
    defaultRoute: null,
    secondaryServers: [],
    asyncConstraints: false,
    started: false,
    booted: false,
    configLocked: false,
    configurationClosed: false,
    startFailed: false,
    listening: false,
    listenInProgress: null,
    closing: false,
    closed: false,
    readyPromise: null,
    pluginsLoadedWaiters: [],
    routesLoaded: 0,
    closePromise: undefined,
    validatorCompilerCache: new Map(),
    serializerCompilerCache: new Map(),
    defaultValidatorFactory: createValidatorCompilerFactory({
      customOptions: validatorGroup.customOptions,
      plugins: validatorGroup.plugins,
      onCreate: validatorGroup.onCreate,
      annotationKeywords: options.acceptAnnotationKeywords,
      asyncSchemas: !options.rejectAsyncSchemas,
      optionalTimezone: !options.requireTimezone,
      codeCache: validatorCodeCache
    }),
    defaultSerializerFactory: createSerializerCompilerFactory(serializerOptions, serializerCodeCache),
    schemaController: options.schemaController === undefined ? null : createControllerState(options.schemaController),
    validatorFactoryOptions: { customOptions: {}, plugins: [], ...validatorGroup },
    serializerFactoryOptions: options.serializerOpts,
    trustProxy: createTrustFunction(options.trustProxy)
  } as Partial<ServerState> as ServerState
}

/** Creates a server: the root context, its router, avvio for plugins, and the HTTP server. */
export function createServer (input: EnclaveOptions | undefined, profile: Profile): EnclaveInstance {
  const given = resolveOptions(input, profile)
  const options = withLogController(given)
  // One object, two views: the public face apps get, the run-time view core uses (instance-methods.ts checks the prototype against the first).
  const instance = Object.create(instanceMethodsOf(profile)) as EnclaveInstance & RuntimeInstance
  showMembersAsOwn(instance, profile.api, profile.name === 'enclave')
  const server = serverStateOf(options, profile)
  const { router, notFoundRouter, asyncConstraints } = createRouters(options, function currentServer () { return server }, profile.api)
  server.router = router
  server.notFoundRouter = notFoundRouter
  server.asyncConstraints = asyncConstraints
  const root = new ContextState(server, null, instance, '', profile.rootPluginName, server.logger)
  server.root = root
  // Fastify 4 reads JSON as text; the generic errors need the bytes, to refuse what is not UTF-8.
  root.parsers.add('application/json', { parseAs: options.genericJsonParseErrors ? 'buffer' : 'string' }, createJsonParser(options.onProtoPoisoning, options.onConstructorPoisoning, options, profile.api), options.bodyLimit, true)
  root.parsers.add('text/plain', { parseAs: 'string' }, defaultTextParser, options.bodyLimit, true)

  const rewriteUrl = options.rewriteUrl as ((this: RuntimeInstance, raw: IncomingMessage) => unknown) | undefined
  const handler: RawHandler = rewriteUrl === undefined
    ? function handleHttpRequest (req: IncomingMessage, res: ServerResponse) { routeRequest(server, req, res) }
    : function handleRewrittenRequest (req: IncomingMessage, res: ServerResponse) {
      // As Fastify 4.29: the URL as received stays readable (request.originalUrl, raw.originalUrl),
      // rewriteUrl itself included.
      ;(req as IncomingMessage & { originalUrl?: string }).originalUrl = req.url
      const url = rewriteUrl.call(instance, req)
      if (typeof url === 'string') req.url = url
      else req.destroy(new errorCodes.FST_ERR_ROUTE_REWRITE_NOT_STR(req.url, typeof url))
      routeRequest(server, req, res)
    }
  server.httpHandler = guardHttpVersion(options, handler, server.profile.api, profile.name === 'fastify', function logRefusedVersion (req: IncomingMessage) { logRefusedHttpVersion(server, req) })
  // Fastify calls a serverFactory here; Enclave's own servers are made when first needed (http-server.ts).
  server.httpServer = typeof options.serverFactory === 'function' ? createHttpServer(options, server.httpHandler, server.logger, instance) : null
  settleForceCloseConnections(options, (input as Record<string, unknown> | undefined)?.forceCloseConnections, server.httpServer)
  // Read-only for apps; the factory sets it once.
  const runtime: RuntimeInstance = instance
  runtime.initialConfig = buildInitialConfig((input ?? {}) as Record<string, unknown>, given, profile.api)

  const boot = avvio(instance, {
    autostart: false,
    timeout: options.pluginTimeout,
    expose: { use: '_avvioRegister', ready: '_avvioReady', close: '_avvioClose', onClose: '_avvioOnClose' }
  })
  // avvio's methods under Enclave's names are not the API: not listed, as Fastify lists none of avvio's.
  for (const name of ['_avvioRegister', '_avvioReady', '_avvioClose', '_avvioOnClose']) Object.defineProperty(instance, name, { enumerable: false })
  const loader: PluginLoader = boot
  loader.override = override
  server.avvio = loader
  boot.on('start', function onStart () { server.started = true })
  installNotFound(server)
  // The step in which Fastify installs the default not-found handler.
  addPluginTreeStep(root)
  closeServerFirst(server)
  closeWithoutReceiver(instance)
  // As Fastify 4.29 (Hooks.md, "Diagnostics Channel Hooks"): `{ fastify }`, before the app adds anything.
  if (initializationChannel.hasSubscribers) initializationChannel.publish({ fastify: instance })
  return instance
}

/**
 * Fastify's close() is avvio's, which knows its server without `this`: tests pass it around
 * unbound (`t.teardown(app.close)`), so the root (and every child, through the prototype) gets a
 * close() that falls back to the root when called on anything but an instance.
 */
function closeWithoutReceiver (root: RuntimeInstance): void {
  Object.defineProperty(root, 'close', {
    value: function close (this: unknown, callback?: (error?: Error) => void) {
      const self = typeof this === 'object' && this !== null && kContext in this ? this as RuntimeInstance : root
      return lifecycleMethods.close.call(self, callback)
    },
    writable: true,
    configurable: true
  })
}
