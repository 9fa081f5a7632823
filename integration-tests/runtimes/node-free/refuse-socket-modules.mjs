// Loaded with `node --import`: makes Node's socket modules (http, https, http2, net, tls) fail to
// load by every route a module can take to them (import, require, process.getBuiltinModule), as
// in a runtime that does not have them. What still loads is what a request through app.fetch() needs.
import Module, { register } from 'node:module'

const refused = new Set(['http', 'https', 'http2', 'net', 'tls'])

function isRefused (specifier) {
  return typeof specifier === 'string' && refused.has(specifier.startsWith('node:') ? specifier.slice(5) : specifier)
}

function refusal (specifier) {
  const error = new Error(`${specifier} is not available here`)
  error.code = 'ERR_REFUSED_SOCKET_MODULE'
  return error
}

const resolveHook = `
const refused = new Set(${JSON.stringify([...refused])})
export async function resolve (specifier, context, next) {
  const name = specifier.startsWith('node:') ? specifier.slice(5) : specifier
  if (refused.has(name)) {
    const error = new Error(specifier + ' is not available here')
    error.code = 'ERR_REFUSED_SOCKET_MODULE'
    throw error
  }
  return next(specifier, context)
}
`
register(`data:text/javascript,${encodeURIComponent(resolveHook)}`)

const load = Module._load
Module._load = function refuseSocketModules (request, parent, isMain) {
  if (isRefused(request)) throw refusal(request)
  return load.call(this, request, parent, isMain)
}

const getBuiltinModule = process.getBuiltinModule
process.getBuiltinModule = function refuseSocketBuiltins (id) {
  if (isRefused(id)) throw refusal(id)
  return getBuiltinModule.call(process, id)
}
