// The SVG bar chart for docs/benchmarks.svg: req/s relative to raw node:http, one group of bars per
// scenario and pipelining level, one bar per peer. Written by hand, no chart library.

const palette = {
  raw: '#6b7280',
  'raw-limit': '#9ca3af',
  enclave: '#7c3aed',
  fastify4: '#0ea5e9',
  fastify5: '#0369a1',
  express: '#f59e0b',
  koa: '#10b981',
  hono: '#ef4444'
}

function escapeXml (text) {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

export function renderChart (rows, label) {
  const groups = [...new Set(rows.map((row) => `${row.scenario} p=${row.pipelining}`))]
  const peers = [...new Set(rows.map((row) => row.peer))]
  const barWidth = 11
  const groupGap = 26
  const groupWidth = peers.length * barWidth + groupGap
  const left = 56
  const top = 70
  const plotHeight = 300
  const width = left + groups.length * groupWidth + 20
  const height = top + plotHeight + 60
  const maxRatio = Math.max(1.25, ...rows.map((row) => row.ratioRaw ?? 0))
  const yMax = Math.ceil(maxRatio * 4) / 4
  const y = (ratio) => top + plotHeight - (ratio / yMax) * plotHeight

  const parts = []
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, -apple-system, Segoe UI, sans-serif" font-size="11">`)
  parts.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`)
  parts.push(`<text x="${left}" y="20" font-size="14" font-weight="600" fill="#111827">Requests per second relative to raw node:http (median of rounds; higher is better)</text>`)
  // Legend.
  let legendX = left
  for (const peer of peers) {
    parts.push(`<rect x="${legendX}" y="34" width="10" height="10" fill="${palette[peer] ?? '#000'}"/>`)
    parts.push(`<text x="${legendX + 14}" y="43" fill="#374151">${escapeXml(label(peer))}</text>`)
    legendX += 24 + label(peer).length * 6
  }
  // Grid and axis.
  for (let tick = 0; tick <= yMax + 1e-9; tick += 0.25) {
    const ty = y(tick)
    const major = Math.abs(tick - Math.round(tick)) < 1e-9
    parts.push(`<line x1="${left}" x2="${width - 10}" y1="${ty.toFixed(1)}" y2="${ty.toFixed(1)}" stroke="${major ? '#9ca3af' : '#e5e7eb'}" stroke-width="1"${tick === 1 ? ' stroke-dasharray="4 3"' : ''}/>`)
    parts.push(`<text x="${left - 6}" y="${(ty + 4).toFixed(1)}" text-anchor="end" fill="#4b5563">${tick.toFixed(2)}x</text>`)
  }
  // Bars.
  groups.forEach((group, g) => {
    const x0 = left + g * groupWidth + groupGap / 2
    peers.forEach((peer, p) => {
      const row = rows.find((entry) => `${entry.scenario} p=${entry.pipelining}` === group && entry.peer === peer)
      if (row === undefined || row.ratioRaw === null) return
      const x = x0 + p * barWidth
      const top = y(row.ratioRaw)
      parts.push(`<rect x="${x}" y="${top.toFixed(1)}" width="${barWidth - 2}" height="${(y(0) - top).toFixed(1)}" fill="${palette[peer] ?? '#000'}"><title>${escapeXml(`${label(peer)}, ${group}: ${Math.round(row.rps)} req/s, ${row.ratioRaw.toFixed(2)}x raw`)}</title></rect>`)
      if (peer === 'enclave') {
        parts.push(`<text x="${x + (barWidth - 2) / 2}" y="${(top - 4).toFixed(1)}" text-anchor="middle" font-size="9" fill="${palette.enclave}">${row.ratioRaw.toFixed(2)}</text>`)
      }
    })
    parts.push(`<text x="${x0 + (peers.length * barWidth) / 2}" y="${top + plotHeight + 18}" text-anchor="middle" fill="#111827">${escapeXml(group)}</text>`)
  })
  parts.push(`<text x="${left}" y="${height - 12}" fill="#6b7280">Dashed line: raw node:http (1.0x). p = HTTP pipelining depth. Exact numbers, CPU per request and spread: docs/benchmarks.md.</text>`)
  parts.push('</svg>')
  return parts.join('\n') + '\n'
}
