/**
 * find-my-way (Enclave's router) builds small functions from source text with `new Function`:
 * each route's params object, the constraint matcher of a node with constrained handlers, the
 * constraint deriver, the prefix check of a static path segment. Workers refuse that, so the
 * bundle gets closures that do the same work: methods put on the classes' prototypes after the
 * module's own code, and the one module-local function replaced where it is built. A release of
 * find-my-way that moved these fails the build (see `patchRouterModule`), never the Worker.
 */

const handlerStorage = `
HandlerStorage.prototype._compileCreateParamsObject = function createParamsWithoutCodegen (params) {
  const names = params.slice()
  return function _createParamsObject (param0, param1, param2, param3, extraParams) {
    const result = new NullObject()
    for (let i = 0; i < names.length; i++) {
      result[names[i]] = i === 0 ? param0 : i === 1 ? param1 : i === 2 ? param2 : i === 3 ? param3 : extraParams[i - 4]
    }
    return result
  }
}
HandlerStorage.prototype._compileGetHandlerMatchingConstraints = function matchConstraintsWithoutCodegen (constrainer) {
  this.constrainedHandlerStores = {}
  const steps = []
  for (const constraint of this.constraints) {
    const store = constrainer.newStoreForConstraint(constraint)
    this.constrainedHandlerStores[constraint] = store
    this._buildConstraintStore(store, constraint)
    steps.push({ constraint, store, mask: this._constrainedIndexBitmask(constraint), mustMatch: constrainer.strategies[constraint].mustMatchWhenDerived === true })
  }
  const mustBeAbsent = []
  for (const constraint in constrainer.strategies) {
    if (!Object.hasOwn(constrainer.strategies, constraint)) continue
    if (constrainer.strategies[constraint].mustMatchWhenDerived && !this.constraints.includes(constraint)) mustBeAbsent.push(constraint)
  }
  const all = (1 << this.handlers.length) - 1
  this._getHandlerMatchingConstraints = function getHandlerMatchingConstraints (derivedConstraints) {
    let candidates = all
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]
      const value = derivedConstraints[step.constraint]
      if (value === undefined) {
        candidates &= step.mask
      } else {
        const matches = step.store.get(value) || 0
        candidates &= step.mustMatch ? matches : (matches | step.mask)
      }
      if (candidates === 0) return null
    }
    for (let i = 0; i < mustBeAbsent.length; i++) {
      if (derivedConstraints[mustBeAbsent[i]] !== undefined) return null
    }
    return this.handlers[31 - Math.clz32(candidates)]
  }
}
`

const constrainer = `
Constrainer.prototype._buildDeriveConstraints = function deriveConstraintsWithoutCodegen () {
  if (this.strategiesInUse.size === 0) return
  const keys = [...this.strategiesInUse]
  const strategies = this.strategies
  this.deriveSyncConstraints = function deriveSyncConstraints (req, ctx) {
    const derived = {}
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]
      const strategy = strategies[key]
      if (strategy.isCustom) derived[strategy.name] = strategy.deriveConstraint(req, ctx)
      else if (key === 'version') derived.version = req.headers['accept-version']
      else derived.host = req.headers.host || req.headers[':authority']
    }
    return derived
  }
}
`

const prefixMatchSource = "return new Function('path', 'i', `'use strict'\\nreturn ${lines.join(' && ')}`) // eslint-disable-line"
const prefixMatch = 'const rest = prefix.slice(1)\n  return function matchPrefix (path, i) { return path.startsWith(rest, i + 1) }'

/** The module text for the bundle, or undefined for a module this does not concern. */
export function patchRouterModule (path: string, text: string): string | undefined {
  const file = path.replaceAll('\\', '/')
  if (!file.includes('/find-my-way/lib/')) return undefined
  if (file.endsWith('/handler-storage.js')) return expectIn(file, text, 'module.exports = HandlerStorage') + handlerStorage
  if (file.endsWith('/constrainer.js')) return expectIn(file, text, 'module.exports = Constrainer') + constrainer
  if (file.endsWith('/node.js')) return expectIn(file, text, prefixMatchSource).replace(prefixMatchSource, prefixMatch)
  return undefined
}

function expectIn (file: string, text: string, part: string): string {
  if (!text.includes(part)) throw new Error(`${file} is not the find-my-way this build knows how to run without code generation (no "${part}")`)
  return text
}
