// What core answers from its own tables, so that a request needs no node:http or node:net, answers as
// Node's tables would: reason phrases (reply.statusText(), the default error payload), the methods
// addHttpMethod() accepts, and the addresses trustProxy recognises (Node's net.isIP).
import t from 'tap'
import { METHODS, STATUS_CODES } from 'node:http'
import { isIP } from 'node:net'
import enclave from '@enclave/core'

t.test('reply.statusText() gives Node\'s reason phrase for every status Node knows, and the default error payload names it', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  app.get('/:code', async (request, reply) => {
    const code = Number((request.params as { code: string }).code)
    reply.code(code)
    return { text: reply.statusText() ?? null }
  })
  app.get('/error/:code', async (request) => {
    throw Object.assign(new Error('boom'), { statusCode: Number((request.params as { code: string }).code) })
  })
  for (const [code, text] of Object.entries(STATUS_CODES)) {
    if (Number(code) < 200) continue
    const response = await app.inject(`/${code}`)
    if (Number(code) !== 204 && Number(code) !== 304) t.same(response.json(), { text }, code)
    if (Number(code) >= 400) t.equal((await app.inject(`/error/${code}`)).json().error, text, `${code} error payload`)
  }
  t.equal((await app.inject('/299')).json().text, null, 'a status Node does not name has no text')
})

t.test('addHttpMethod() accepts exactly the methods Node\'s parser knows', async (t) => {
  const app = enclave()
  t.teardown(() => app.close())
  for (const method of METHODS) t.doesNotThrow(() => app.addHttpMethod(method, { overrideExisting: true }), method)
  for (const method of ['BREW', 'get', 'M-SEARCH2', '']) t.throws(() => app.addHttpMethod(method), { code: 'FST_ERR_ROUTE_METHOD_INVALID' }, method)
})

t.test('trustProxy accepts exactly the addresses net.isIP recognises, with or without a zone or an embedded IPv4', async (t) => {
  const candidates = [
    '10.0.0.1', '255.255.255.255', '256.0.0.1', '01.2.3.4', '1.2.3', '1.2.3.4.5',
    '::', '::1', '1::', '1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7::', '1:2:3:4:5:6:7::8', '1:2:3:4:5:6:7:8:9', ':::', '1:::2',
    '::1::', '12345::', 'fe80::1%eth0', 'fe80::1%', 'fe80::1%a.b:c-d', '::ffff:1.2.3.4', '::ffff:1.2.3', '1:2:3:4:5:6:1.2.3.4',
    '1::2:3:4:5:6:7', '1::2:3:4:5:6:7:8', 'g::1', 'FFFF::abcd', ':1.2.3.4', '::1.2.3.4'
  ]
  for (const address of candidates) {
    let accepted = true
    try {
      await enclave({ trustProxy: address }).close()
    } catch {
      accepted = false
    }
    t.equal(accepted, isIP(address) !== 0, `${JSON.stringify(address)}: net.isIP says ${isIP(address)}`)
  }
})
