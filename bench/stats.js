// Small statistics shared by the runner and the report.

export function median (values) {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** (max − min) / median: how far apart the rounds landed. */
export function spread (values) {
  const middle = median(values)
  if (middle === null || middle === 0) return null
  return (Math.max(...values) - Math.min(...values)) / middle
}
