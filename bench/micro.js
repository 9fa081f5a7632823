// In-process micro-benchmark: the cases run interleaved sample by sample (A B C A B C …) so drift
// on a shared machine hits all of them alike; the result per case is the median of its samples.
import { median } from './stats.js'

function runFor (fn, ms) {
  const deadline = performance.now() + ms
  let operations = 0
  let sink = 0
  while (performance.now() < deadline) {
    // Batches keep the clock reads out of the measured work.
    for (let i = 0; i < 64; i++) {
      const result = fn()
      if (result === undefined) sink++
    }
    operations += 64
  }
  return { operations, sink }
}

/** @param cases Array<{ name, fn }>, fn must do one operation and return its result. */
export function compare (cases, { samples = 7, sampleMs = 300, warmupMs = 300 } = {}) {
  for (const entry of cases) runFor(entry.fn, warmupMs)
  const perCase = cases.map(() => [])
  for (let s = 0; s < samples; s++) {
    for (let c = 0; c < cases.length; c++) {
      const start = performance.now()
      const { operations } = runFor(cases[c].fn, sampleMs)
      perCase[c].push(operations / ((performance.now() - start) / 1000))
    }
  }
  return cases.map((entry, c) => {
    const values = perCase[c]
    const middle = median(values)
    return {
      name: entry.name,
      note: entry.note,
      opsPerSec: middle,
      spread: (Math.max(...values) - Math.min(...values)) / middle,
      samples: values.length
    }
  })
}

export function parseMicroArgs (argv) {
  const quick = argv.includes('--quick')
  return quick ? { samples: 3, sampleMs: 150, warmupMs: 150 } : { samples: 9, sampleMs: 400, warmupMs: 500 }
}
