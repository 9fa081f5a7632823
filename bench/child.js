// Runs a bench script in its own process and returns the JSON it prints on its `RESULT ` line.
import { spawn } from 'node:child_process'

export function runNodeScript (command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] })
    let output = ''
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk) => { output += chunk })
    child.on('error', reject)
    child.on('exit', (code) => {
      const line = output.split('\n').find((entry) => entry.startsWith('RESULT '))
      if (code !== 0 || line === undefined) {
        reject(new Error(`${args.join(' ')} exited with ${code}: ${output.slice(-500)}`))
        return
      }
      resolve(JSON.parse(line.slice('RESULT '.length)))
    })
  })
}
