/** A request-phase hook chain compiled at ready() into code of its own, where every hook has a call site of its own. */
import { kReplyHookState, kReplySending, kReplyHijacked } from '../symbols.js'
import { isThenable } from '../util/functions.js'
import { callsDoneLast } from './done-called-last.js'
import {
  createHookState, callWithDone, continueWhenSettled, suspendHook,
  type HookChain, type HookStep, type CompiledChain
} from './run-hooks.js'
import type { Reply } from '../reply/reply-state.js'
import type { RuntimeRequest } from '../request/request.js'

/*
 * Why: the generic runner calls every hook from one call site (`hook.fn.call(…)`), which sees every
 * hook of the app, so V8 can neither inline a hook nor call it directly. Here each hook has its own
 * site in code generated for its chain; a site that only ever calls one function lets V8 inline the
 * hook. A callback-style hook whose `done` is provably its last action (done-called-last.ts) is run
 * in a loop: its `done` (`loopDone`, one function for all such calls: such a hook can only call it
 * before it returns) records the outcome and the loop goes on, which is what Fastify's nesting (the
 * rest of the chain runs inside `done`) looks like from outside for such a hook. Any other
 * callback-style hook runs as the generic runner does, and so does the rest of its chain. The
 * chain's behaviour is runHooks' in every case (core/test/hooks-*.test.ts). The key of a shared
 * runner names the chain's continuation too, so each runner's `chain.next(…)` sees one function.
 */

/**
 * How many hooks one generated function runs before calling the next one: V8 inlines up to a
 * budget of bytecode per optimised function, and about four hooks with their `done` fit in it.
 */
const hooksPerFunction = 4

type RunnerFactory = (...values: unknown[]) => CompiledChain

/** Learnt from the first refusal: a runtime that forbids code generation forbids it for good. */
let codeGenerationAllowed = true

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
  const hookNames: string[] = []
  const hooks: unknown[] = []
  let source = `// hook chain ${id} (core/src/lifecycle/compile-chain.ts)\n`
  const parts = Math.ceil(count / hooksPerFunction)
  for (let part = parts - 1; part >= 0; part--) {
    source += `function part${part} (chain, request, reply) {\n  let returned\n`
    if (kinds.includes('l')) source += '  let outer = 0\n  let call = 0\n  let error\n'
    const last = Math.min(count, (part + 1) * hooksPerFunction)
    for (let index = part * hooksPerFunction; index < last; index++) {
      hookNames.push(`hook${index}`)
      hooks.push(chain.hooks[index]!.fn)
      if (index > 0) source += `  if ${answeredTest} return false\n`
      source += stepSource(kinds[index]!, index)
    }
    source += part === parts - 1
      ? `  if ${answeredTest} return false\n  return chain.next(request, reply, undefined) === true\n}\n`
      : `  return part${part + 1}(chain, request, reply)\n}\n`
  }
  source += 'return part0\n'
  if (!codeGenerationAllowed) return null
  let factory: RunnerFactory
  try {
    // eslint-disable-next-line no-new-func -- the point of this module; the source holds no user input
    factory = new Function('hookStateKey', 'sendingKey', 'hijackedKey', 'instance', 'createHookState', 'callWithDone', 'isThenable',
      'suspendHook', 'loop', 'loopDone', 'doneNotCalled', ...hookNames, source) as RunnerFactory
  } catch {
    // Code generation refused (Workers, node --disallow-code-generation-from-strings): the generic
    // runner does the same, and no other chain tries again.
    codeGenerationAllowed = false
    return null
  }
  return factory(kReplyHookState, kReplySending, kReplyHijacked, chain.hooks[0]!.instance, createHookState, callWithDone,
    isThenable, suspendHook, loop, loopDone, doneNotCalled, ...hooks)
}

function stepSource (kind: string, index: number): string {
  const hook = `hook${index}`
  if (kind === 'p') {
    return `  try { returned = ${hook}.call(instance, request, reply) } catch (error) {\n` +
      '    if (error !== null && error !== undefined) { chain.fail(reply, error); return false }\n    returned = undefined\n  }\n' +
      `  if (isThenable(returned)) return suspendHook(returned, chain, ${index}, request, reply)\n`
  }
  if (kind === 'c') return `  callWithDone(reply[hookStateKey] ?? createHookState(request, reply), chain.hooks[${index}], undefined, false)\n  return false\n`
  // A throw of null or undefined is no failure (as for every hook): the chain goes on.
  return '  outer = loop.current\n  call = loop.current = loop.calls = (loop.calls + 1) & 0x3fffffff\n' +
    `  try { returned = ${hook}.call(instance, request, reply, loopDone) } catch (error) {\n` +
    '    loop.current = outer\n    if (error !== null && error !== undefined) { chain.fail(reply, error); return false }\n' +
    '    loop.called = call\n    loop.error = undefined\n  }\n' +
    '  loop.current = outer\n' +
    `  if (loop.called !== call) { doneNotCalled(chain, ${index}, request, reply, returned); return false }\n` +
    '  error = loop.error\n  if (error !== undefined && error !== null) { chain.fail(reply, error); return false }\n'
}

/**
 * The looped hook calls under way (nested when a hook's work runs another compiled chain, as
 * reply.callNotFound() does): `current` numbers the innermost, and `loopDone` records which call
 * its `done` came from and with what.
 */
const loop = { calls: 0, current: 0, called: 0, error: undefined as unknown }

function loopDone (error?: unknown): void {
  loop.called = loop.current
  loop.error = error
}

/**
 * A looped hook returned without calling `done` (which it can no longer call): the chain goes on
 * when the promise it returned settles, as for any callback-style hook; without one it waits, as in Fastify.
 */
function doneNotCalled (chain: HookChain, index: number, request: RuntimeRequest, reply: Reply, returned: unknown): void {
  if (returned === undefined || !isThenable(returned)) return
  const state = reply[kReplyHookState] ?? createHookState(request, reply)
  state.step = chain.hooks[index]!
  continueWhenSettled(state, returned, ++state.invocation)
}
