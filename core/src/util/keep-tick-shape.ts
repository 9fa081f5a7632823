/**
 * Keeps one `process.nextTick` queue entry alive for the life of the process, so the hidden class
 * Node 20's `nextTick()` gives its entries is never collected.
 *
 * Why: `nextTick()` builds each entry with an object literal whose first keys are symbols. V8 caches
 * that literal's shape weakly; when no entry is alive during a garbage collection (typical while an
 * app boots, which calls `nextTick` a lot through avvio), the shape is collected, the next entry gets a
 * new one, and the literal's store site, having now seen two shapes, goes megamorphic for good. From
 * then on every `nextTick` call (several per HTTP request, inside Node's own http code) defines its
 * four properties through the V8 runtime: ~40 000 extra instructions per request, measured by
 * `node bench/instructions.js --scenarios S1` (57k → 97k, on fastify@5 as well as Enclave; see
 * bench/notes.md "The GET instruction gap"). One pinned entry (a few dozen bytes) keeps the shape.
 */
import { executionAsyncResource } from 'node:async_hooks'

let pinnedTickEntry: object | null = null

function pinCurrentTickEntry (): void {
  // Inside a nextTick callback the current async resource is the queue entry itself.
  if (pinnedTickEntry === null) pinnedTickEntry = executionAsyncResource()
}

/** Schedules the pinning once per module instance; the earlier it runs (at import), the better. */
export function keepTickEntryShape (): void {
  if (pinnedTickEntry === null) process.nextTick(pinCurrentTickEntry)
}
