// The SVG bar chart for docs/benchmarks.svg: req/s and server CPU per request relative to raw
// node:http, one group of bars per scenario and pipelining level, one bar per peer. Written by hand.

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

/** One panel: a grouped bar per peer and scenario of `value(row)`, relative to raw (1.0x dashed). */
function renderPanel (parts, rows, label, { title, value, top }) {
  const groups = [...new Set(rows.map((row) => `${row.scenario} p=${row.pipelining}`))]
  const peers = [...new Set(rows.map((row) => row.peer))]
  const barWidth = 11
  const groupGap = 26
  const groupWidth = peers.length * barWidth + groupGap
  const left = 56
  const plotTop = top + 50
  const plotHeight = 240
  const width = left + groups.length * groupWidth + 20
  const values = rows.map(value).filter((entry) => entry !== null && Number.isFinite(entry))
  const yMax = Math.ceil(Math.max(1.25, ...values) * 4) / 4
  const y = (ratio) => plotTop + plotHeight - (ratio / yMax) * plotHeight

  parts.push(`<text x="${left}" y="${top + 16}" font-size="14" font-weight="600" fill="#111827">${escapeXml(title)}</text>`)
  let legendX = left
  for (const peer of peers) {
    parts.push(`<rect x="${legendX}" y="${top + 26}" width="10" height="10" fill="${palette[peer] ?? '#000'}"/>`)
    parts.push(`<text x="${legendX + 14}" y="${top + 35}" fill="#374151">${escapeXml(label(peer))}</text>`)
    legendX += 24 + label(peer).length * 6
  }
  const step = yMax > 3 ? 0.5 : 0.25
  for (let tick = 0; tick <= yMax + 1e-9; tick += step) {
    const ty = y(tick)
    const major = Math.abs(tick - Math.round(tick)) < 1e-9
    parts.push(`<line x1="${left}" x2="${width - 10}" y1="${ty.toFixed(1)}" y2="${ty.toFixed(1)}" stroke="${major ? '#9ca3af' : '#e5e7eb'}" stroke-width="1"${tick === 1 ? ' stroke-dasharray="4 3"' : ''}/>`)
    parts.push(`<text x="${left - 6}" y="${(ty + 4).toFixed(1)}" text-anchor="end" fill="#4b5563">${tick.toFixed(2)}x</text>`)
  }
  groups.forEach((group, g) => {
    const x0 = left + g * groupWidth + groupGap / 2
    peers.forEach((peer, p) => {
      const row = rows.find((entry) => `${entry.scenario} p=${entry.pipelining}` === group && entry.peer === peer)
      const ratio = row === undefined ? null : value(row)
      if (ratio === null || !Number.isFinite(ratio)) return
      const x = x0 + p * barWidth
      const barTop = y(ratio)
      parts.push(`<rect x="${x}" y="${barTop.toFixed(1)}" width="${barWidth - 2}" height="${(y(0) - barTop).toFixed(1)}" fill="${palette[peer] ?? '#000'}"><title>${escapeXml(`${label(peer)}, ${group}: ${ratio.toFixed(2)}x`)}</title></rect>`)
      if (peer === 'enclave') {
        parts.push(`<text x="${x + (barWidth - 2) / 2}" y="${(barTop - 4).toFixed(1)}" text-anchor="middle" font-size="9" fill="${palette.enclave}">${ratio.toFixed(2)}</text>`)
      }
    })
    parts.push(`<text x="${x0 + (peers.length * barWidth) / 2}" y="${plotTop + plotHeight + 18}" text-anchor="middle" fill="#111827">${escapeXml(group)}</text>`)
  })
  return { width, bottom: plotTop + plotHeight + 30 }
}

export function renderChart (rows, label) {
  const panels = []
  const first = renderPanel(panels, rows, label, {
    title: 'Requests per second relative to raw node:http (median of rounds; higher is better)',
    value: (row) => row.ratioRaw,
    top: 0
  })
  const second = renderPanel(panels, rows, label, {
    title: 'Server CPU per request, raw node:http = 1.0x (raw µs ÷ peer µs; higher is better, steadier than req/s)',
    value: (row) => row.cpuRatioRaw === null ? null : 1 / row.cpuRatioRaw,
    top: first.bottom + 10
  })
  const width = Math.max(first.width, second.width)
  const height = second.bottom + 24
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, -apple-system, Segoe UI, sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    ...panels,
    `<text x="56" y="${height - 8}" fill="#6b7280">Dashed line: raw node:http (1.0x). p = HTTP pipelining depth. Numbers, spread and method: docs/benchmarks.md.</text>`,
    '</svg>'
  ].join('\n') + '\n'
}
