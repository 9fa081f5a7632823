// How the held-out audit records an answer, whoever gives it: status, the headers that are not the
// connection's (the runtime's server frames those) and the body as text.

export function shape (status, headers, body) {
  const h = {}
  for (const [k, v] of Object.entries(headers)) if (k !== 'date' && k !== 'connection' && k !== 'keep-alive' && k !== 'transfer-encoding') h[k] = v
  return { status, headers: h, body }
}

/** Sends each request in order with `send` (a `fetch`, or an app's `fetch`) and records the answers. */
export async function viaFetch (send, base, requests) {
  const out = []
  for (const r of requests) {
    try {
      const response = await send(new Request(base + r.path, { method: r.method ?? 'GET', headers: r.headers, body: r.body, redirect: 'manual' }))
      const headers = {}
      for (const [k, v] of response.headers) headers[k] = k === 'set-cookie' ? response.headers.getSetCookie() : v
      out.push(shape(response.status, headers, await response.text()))
    } catch (error) { out.push({ error: String(error.stack ?? error) }) }
  }
  return out
}

/** The same requests through `app.inject()`, the answers every other way is compared with. */
export async function viaInject (app, requests) {
  const out = []
  for (const r of requests) {
    const res = await app.inject({ method: r.method ?? 'GET', url: r.path, headers: r.headers, payload: r.body })
    const headers = { ...res.headers }
    if (typeof headers['set-cookie'] === 'string') headers['set-cookie'] = [headers['set-cookie']]
    out.push(shape(res.statusCode, headers, res.body))
  }
  return out
}
