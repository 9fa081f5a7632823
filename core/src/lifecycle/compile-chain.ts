/** A request-phase hook chain compiled at ready() into code of its own, where every hook has a call site of its own. */
import { kReplyHookState, kReplySending, kReplyHijacked } from '../symbols.js'
import { isThenable } from '../util/functions.js'
import { callsDoneLast } from './done-called-last.js'
import {
  createHookState, callWithDone, callbackHookThrew, continueWhenSettled, awaitHook,
  type HookChain, type HookState, type HookStep, type CompiledChain
} from './run-hooks.js'

/*
 * Why: the generic runner calls every hook from one call site (`hook.fn.call(…)`), which sees every
 * hook of the app, so V8 can neither inline a hook nor call it directly. Here each hook has its own
 * site in code generated for its chain; a site that only ever calls one function lets V8 inline the
 * hook and, through it, the reply's `done`. A callback-style hook whose `done` is provably its last
 * action (done-called-last.ts) is run in a loop: its `done` records the outcome and the loop goes on,
 * which is what Fastify's nesting (the rest of the chain runs inside `done`) looks like from outside
 * for such a hook. Any other callback-style hook runs as the generic runner does, and so does the
 * rest of its chain. The chain's behaviour is runHooks' in every case (core/test/hooks-*.test.ts).
 */

/**
 * How many hooks one generated function runs before calling the next one: V8 inlines up to a
 * budget of bytecode per optimised function, and about four hooks with their `done` fit in it.
 */
const hooksPerFunction = 4

type RunnerFactory = (...values: unknown[]) => CompiledChain

/** Chains with the same hooks, instance and continuation share their code (one per context, not per route). */
const compiledByInstance = new WeakMap<object, Map<string, CompiledChain>>()
const identities = new WeakMap<object, number>()
let nextIdentity = 0
let chainsCompiled = 0

function identityOf (value: object): number {
  let id = identities.get(value)
  if (id === undefined) {
    id = ++nextIdentity
    identities.set(value, id)
  }
  return id
}

/** The chain's compiled runner, or null where the generic runner is used (payload chains, chains that run after the answer). */
export function compileChain (chain: HookChain): CompiledChain | null {
  if (chain.withPayload || !chain.stopWhenAnswered || chain.hooks.length === 0) return null
  const instance = chain.hooks[0]!.instance
  // Every hook of a route's chain runs with the route's instance as `this` (compile-route.ts).
  if (chain.hooks.some((step) => step.instance !== instance)) return null
  const kinds = chain.hooks.map(kindOf)
  const key = `${identityOf(chain.next)}:${identityOf(chain.fail)}:` + chain.hooks.map((step, i) => `${identityOf(step.fn)}${kinds[i]!}`).join(',')
  let cache = compiledByInstance.get(instance)
  if (cache === undefined) {
    cache = new Map()
    compiledByInstance.set(instance, cache)
  }
  let compiled = cache.get(key)
  if (compiled === undefined) {
    const generated = generate(chain, kinds)
    if (generated === null) return null
    compiled = generated
    cache.set(key, compiled)
  }
  return compiled
}

/** `l`: callback-style, `done` last (looped); `c`: callback-style otherwise (nested, as Fastify); `p`: returns or resolves. */
function kindOf (step: HookStep): string {
  if (!step.callbackStyle) return 'p'
  return callsDoneLast(step.fn as (...args: never[]) => unknown, 2) ? 'l' : 'c'
}

const answeredTest = '(reply[sendingKey] === true || reply[hijackedKey] === true || reply.raw.writableEnded === true)'

function generate (chain: HookChain, kinds: string[]): CompiledChain | null {
  const id = ++chainsCompiled
  const count = kinds.length
  const usesState = kinds.some((kind) => kind !== 'p')
  const hookNames: string[] = []
  const hooks: unknown[] = []
  let source = `// hook chain ${id} (core/src/lifecycle/compile-chain.ts)\n`
  const parts = Math.ceil(count / hooksPerFunction)
  for (let part = parts - 1; part >= 0; part--) {
    source += `function part${part} (chain, request, reply${usesState ? ', state' : ''}) {\n  let returned\n`
    if (kinds.includes('l')) source += '  let invocation = 0\n  let error\n'
    const last = Math.min(count, (part + 1) * hooksPerFunction)
    for (let index = part * hooksPerFunction; index < last; index++) {
      hookNames.push(`hook${index}`)
      hooks.push(chain.hooks[index]!.fn)
      if (index > 0) source += `  if ${answeredTest} return\n`
      source += stepSource(kinds[index]!, index)
    }
    if (part === parts - 1) source += `  if ${answeredTest} return\n  chain.next(request, reply, undefined)\n}\n`
    else source += `  part${part + 1}(chain, request, reply${usesState ? ', state' : ''})\n}\n`
  }
  source += usesState
    ? 'return function runChain (chain, request, reply) {\n  part0(chain, request, reply, reply[hookStateKey] ?? createHookState(request, reply))\n}\n'
    : 'return part0\n'
  let factory: RunnerFactory
  try {
    // eslint-disable-next-line no-new-func -- the point of this module; the source holds no user input
    factory = new Function('hookStateKey', 'sendingKey', 'hijackedKey', 'instance', 'createHookState', 'callWithDone', 'threw', 'isThenable',
      'continueWhenSettled', 'awaitHook', 'stopLooping', ...hookNames, source) as RunnerFactory
  } catch {
    // Code generation refused (node --disallow-code-generation-from-strings): the generic runner does the same.
    return null
  }
  return factory(kReplyHookState, kReplySending, kReplyHijacked, chain.hooks[0]!.instance, createHookState, callWithDone,
    callbackHookThrew, isThenable, continueWhenSettled, awaitHook, stopLooping, ...hooks)
}

function stepSource (kind: string, index: number): string {
  const hook = `hook${index}`
  if (kind === 'p') {
    return `  try { returned = ${hook}.call(instance, request, reply) } catch (error) {\n` +
      '    if (error !== null && error !== undefined) { chain.fail(reply, error); return }\n    returned = undefined\n  }\n' +
      `  if (isThenable(returned)) { void awaitHook(returned, chain, ${index}, request, reply, undefined); return }\n`
  }
  if (kind === 'c') return `  callWithDone(state, chain.hooks[${index}], undefined, false)\n  return\n`
  return '  invocation = ++state.invocation\n  state.looping = invocation\n' +
    `  try { returned = ${hook}.call(instance, request, reply, state.done) } catch (error) {\n` +
    `    stopLooping(state, chain.hooks[${index}], invocation)\n    threw(state, chain, ${index}, undefined, invocation, error)\n    return\n  }\n` +
    '  if (state.settled !== invocation) {\n' +
    `    stopLooping(state, chain.hooks[${index}], invocation)\n` +
    '    if (returned !== undefined && state.settled < invocation && isThenable(returned)) continueWhenSettled(state, returned, invocation)\n    return\n  }\n' +
    '  error = state.syncError\n  if (error !== undefined && error !== null) { chain.fail(reply, error); return }\n'
}

/**
 * A looped hook returned (or threw) without calling `done`: a later `done` continues the chain the
 * generic way, from this hook. Unless another chain of the reply has run a hook since (a hook that
 * answered, whose onSend chain ran): then that chain owns the state.
 */
function stopLooping (state: HookState, step: HookStep, invocation: number): void {
  if (state.invocation !== invocation) return
  state.looping = 0
  state.step = step
}
