/** Custom constraint strategies, checked as Fastify's router (find-my-way) checks them when it is built. */
import assert from 'node:assert'

/**
 * The checks Fastify's router (find-my-way) makes of each custom constraint strategy when the
 * router is built, with its AssertionError messages: apps and tests written against Fastify see the
 * same error, and a strategy whose members are not functions fails at startup, not per request.
 */
export function assertConstraintStrategies (strategies: object): void {
  for (const strategy of Object.values(strategies) as Array<Record<string, unknown>>) {
    assert(typeof strategy.name === 'string' && strategy.name !== '', 'strategy.name is required.')
    assert(typeof strategy.storage === 'function', 'strategy.storage function is required.')
    assert(typeof strategy.deriveConstraint === 'function', 'strategy.deriveConstraint function is required.')
  }
}
