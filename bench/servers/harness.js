// What every peer server shares with the runner: the port to listen on, the "ready" report, and
// answers to usage queries (CPU time and RSS) over the IPC channel, asked only between load runs.

/** Port from `--port N` or PORT; 0 lets the OS choose (the runner learns it from the ready report). */
export function portFromArgs () {
  const flag = process.argv.indexOf('--port')
  if (flag !== -1) return Number(process.argv[flag + 1])
  return Number(process.env.PORT ?? 0)
}

/** Which app to serve, from `--app NAME`: `S` (S1–S5, the default) or a P1 variant (scenarios.js). */
export function appFromArgs () {
  const flag = process.argv.indexOf('--app')
  return flag === -1 ? 'S' : process.argv[flag + 1]
}

export const host = '127.0.0.1'

function usage () {
  const cpu = process.cpuUsage()
  return { type: 'usage', cpuMicros: cpu.user + cpu.system, rss: process.memoryUsage.rss() }
}

/** Tell the runner (if any) the server is listening; print the address when run by hand. */
export function reportReady (peer, port) {
  if (typeof process.send === 'function') {
    process.on('message', function onRunnerMessage (message) {
      if (message?.type === 'usage') process.send(usage())
      else if (message?.type === 'exit') process.exit(0)
    })
    process.send({ type: 'ready', peer, port })
  } else {
    console.log(`${peer} listening on http://${host}:${port}`)
  }
}
