// Loaded into tap's runner by scripts/test-compiled.mjs (`node --import=<this> <tap>`): each test
// process it starts leaves out the module hooks tap's runner always adds, which the compiled run does
// not use. The hooks are Node's off-thread `module.register` loaders, so a process that has one
// starts a second V8 isolate and sends every import through it:
// - @tapjs/processinfo's hook records which files a process loaded, for coverage; coverage is off.
//   It also puts itself into NODE_OPTIONS of every process a test starts.
// - @tapjs/mock's hook is what `t.mockImport()` needs; only a file that calls it keeps the hook.
// tap's runner builds these arguments itself (@tapjs/run's test-argv, and @tapjs/processinfo's spawn,
// which adds its hook back to NODE_OPTIONS when the arguments lack it), so they are taken out at
// `child_process.spawn`, the call that starts the process. Processes the runner starts for anything
// else than a test file pass through unchanged.
import childProcess from 'node:child_process'
import { readFileSync } from 'node:fs'
import { syncBuiltinESMExports } from 'node:module'
import { dirname, resolve } from 'node:path'

const processInfoHook = /[\\/]@tapjs[\\/]processinfo[\\/]/
const mockHook = /[\\/]@tapjs[\\/]mock[\\/]/
const spawn = childProcess.spawn

childProcess.spawn = function spawnTestProcess (command, args, options) {
  if (command === process.execPath && Array.isArray(args) && options?.env?._TAPJS_PROCESSINFO_EXTERNAL_ID_ !== undefined) {
    const file = args.find((arg) => !arg.startsWith('-'))
    const keepMock = file !== undefined && usesMockImport(file)
    args = args.filter((arg) => !(arg.startsWith('--import=') && (processInfoHook.test(arg) || (!keepMock && mockHook.test(arg)))))
    const nodeOptions = options.env.NODE_OPTIONS
    if (nodeOptions !== undefined && processInfoHook.test(nodeOptions)) {
      options = { ...options, env: { ...options.env, NODE_OPTIONS: withoutProcessInfo(nodeOptions) } }
    }
  }
  return spawn.call(this, command, args, options)
}
syncBuiltinESMExports()

/** Whether the test file, or the source a compiled stub imports through tsx, calls `t.mockImport()`. */
function usesMockImport (file) {
  try {
    const text = readFileSync(file, 'utf8')
    const source = /^await import\(("[^"]+")\)$/m.exec(text)
    return text.includes('mockImport') || (source !== null && usesMockImport(resolve(dirname(file), JSON.parse(source[1]))))
  } catch {
    return true
  }
}

function withoutProcessInfo (nodeOptions) {
  return nodeOptions.split(/\s+/).filter((option) => !processInfoHook.test(option)).join(' ')
}
