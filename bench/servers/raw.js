// Peer "raw": node:http by hand, JSON.stringify, hand-written validation.
import { createRawServer, jsonStringifyRender } from './raw-common.js'
import { portFromArgs, host, reportReady } from './harness.js'

const server = createRawServer(jsonStringifyRender)
server.listen(portFromArgs(), host, function onListening () { reportReady('raw', server.address().port) })
