// Packs every publishable package, installs the tarballs into an empty project (with `fastify`
// aliased to the @enclave/fastify tarball, as `npm install fastify@npm:@enclave/fastify` would, and
// `fastify4` to the @enclave/fastify4 one), and runs a small Fastify-style app from it through
// require(), import and tsc, on each face. Needs a built tree (`npm run build`); third-party
// dependencies come from the npm cache or the registry.
import t from 'tap'
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { plainChild } from '../../core/test/fixtures/plain-child.js'

const run = promisify(execFile)
/** `command args…` in `cwd`, as a user's shell runs it (no test-runner hooks in NODE_OPTIONS). */
async function runPlain (command: string, args: string[], cwd: string): Promise<{ stdout: string }> {
  const [file, plainArgs] = plainChild(command, args)
  return await run(file, plainArgs, { cwd, maxBuffer: 1 << 24 })
}
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)))

/** Every workspace that is published, by folder. */
const publishable = [
  'core', 'fastify', 'fastify4',
  'compilers/ajv', 'compilers/fjs', 'compilers/kit', 'compilers/zod', 'compilers/joi', 'compilers/yup', 'compilers/standard-schema',
  'plugins/plugin', 'plugins/bearer-auth', 'plugins/error-message'
]

/** Installed names of the two faces, the Fastify range each answers to, and the other face's. */
const faceNames = { fastify: { range: '5.x', other: '4.x' }, fastify4: { range: '4.x', other: '5.x' } }

/** The app, run on the face installed as `name`: a plugin for its Fastify major, one for the other major, and a validated route. */
const cjsApp = (name: keyof typeof faceNames): string => `const fastify = require('${name}')
const fp = require('fastify-plugin')
const app = fastify()
app.register(fp(async (instance) => { instance.decorate('greet', (name) => 'hello ' + name) }, { name: 'greeter', fastify: '${faceNames[name].range}' }))
app.post('/hi', { schema: { body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } }, async (request) => ({ msg: app.greet(request.body.name) }))
app.ready().then(async () => {
  const ok = await app.inject({ method: 'POST', url: '/hi', payload: { name: 'cjs' } })
  const bad = await app.inject({ method: 'POST', url: '/hi', payload: {} })
  const other = fastify()
  other.register(fp(async () => {}, { name: 'other-major', fastify: '${faceNames[name].other}' }))
  const refused = await other.ready().then(() => 'loaded', (error) => error.code)
  console.log(JSON.stringify({
    ok: [ok.statusCode, ok.json()],
    bad: [bad.statusCode, bad.json().code],
    refused,
    removedInV5: 'FST_ERR_DEFAULT_ROUTE_INVALID_TYPE' in fastify.errorCodes,
    shape: [typeof fastify, fastify.fastify === fastify, fastify.default === fastify, typeof fastify.errorCodes.FST_ERR_NOT_FOUND],
    version: app.version,
    plugin: app.pluginName // Fastify's: the root's name, then the fastify-plugin plugins loaded into it
  }))
  await app.close()
})
`

const esmApp = `import Fastify, { fastify as named, errorCodes } from 'fastify'
import core from '@enclave/core'
import plugin from '@enclave/plugin'
const app = Fastify()
await app.register(plugin(async (instance) => { instance.decorateRequest('user', null) }, { name: 'user' }))
app.get('/users/:id', async (request) => ({ id: request.params.id, user: request.user }))
const res = await app.inject('/users/7')
const enclaveApp = core()
enclaveApp.get('/', async () => 'core')
console.log(JSON.stringify({
  ok: [res.statusCode, res.json()],
  missing: (await app.inject('/nope')).statusCode,
  named: named === Fastify,
  errorCodes: typeof errorCodes.FST_ERR_VALIDATION,
  core: (await enclaveApp.inject('/')).body
}))
await app.close()
await enclaveApp.close()
`

const tsApp = `import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify'
import type { Readable } from 'node:stream'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyInstance { greet: (name: string) => string }
}

const greeter: FastifyPluginAsync<{ prefix: string }> = async (instance, opts) => {
  instance.decorate('greet', (name: string) => opts.prefix + ' ' + name)
}

export async function build (): Promise<FastifyInstance> {
  const app = Fastify()
  await app.register(fp(greeter, { name: 'greeter' }), { prefix: 'hello' })
  app.get<{ Params: { id: string } }>('/users/:id', async (request) => ({ id: request.params.id, msg: app.greet('ts') }))
  return app
}

// inject() is typed with light-my-request 6's own declarations, reached from the installed face (never run)
export async function injectTypes (app: FastifyInstance): Promise<Readable> {
  // @ts-expect-error payloadAsStream is a boolean (unresolved types would make the options any)
  await app.inject({ url: '/', payloadAsStream: 'yes' })
  return (await app.inject({ url: '/', payloadAsStream: true })).stream()
}

const app = await build()
const res = await app.inject('/users/42')
console.log(JSON.stringify([res.statusCode, res.json()]))
await app.close()
`

// skipLibCheck stays on: the .d.ts files of fastify-plugin are checked against this entry's types
// by fastify/test-types and fastify4/test-types; here the point is that the package's own types resolve and check the app.
const tsconfig = {
  compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, outDir: 'out', types: ['node'] },
  files: ['app.ts']
}

async function devVersion (name: string): Promise<string> {
  const manifest = JSON.parse(await readFile(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }
  return manifest.version
}

t.setTimeout(300_000)

t.test('every package packs, installs from its tarball, and runs a Fastify app on each face, `fastify` (v5) and `fastify4` (require, import, tsc)', async (t) => {
  const work = await mkdtemp(join(tmpdir(), 'enclave-install-'))
  t.teardown(() => rm(work, { recursive: true, force: true }))
  const packs = join(work, 'packs')
  const project = join(work, 'project')

  await mkdir(packs, { recursive: true })
  await mkdir(project, { recursive: true })
  const workspaceArgs = publishable.flatMap((folder) => ['-w', folder])
  await runPlain('npm', ['pack', '--silent', '--pack-destination', packs, ...workspaceArgs], root)

  const tarballs = await readdir(packs)
  t.equal(tarballs.length, publishable.length, 'one tarball per package')

  // The faces are installed as `fastify` (v5) and `fastify4`, as an app with both would alias them.
  const installedAs: Record<string, string> = { '@enclave/fastify': 'fastify', '@enclave/fastify4': 'fastify4' }
  const dependencies: Record<string, string> = { 'fastify-plugin': `^${await devVersion('fastify-plugin')}` }
  for (const folder of publishable) {
    const manifest = JSON.parse(await readFile(join(root, folder, 'package.json'), 'utf8')) as { name: string, version: string, private?: boolean, files?: string[], engines?: Record<string, string> }
    t.notOk(manifest.private, `${manifest.name} is publishable`)
    t.ok(manifest.files?.includes('README.md'), `${manifest.name} ships its README`)
    t.equal(manifest.engines?.node, '>=20.19', `${manifest.name} declares its Node range`)
    const tarball = tarballs.find((file) => file === `${manifest.name.replace('@', '').replace('/', '-')}-${manifest.version}.tgz`)
    t.ok(tarball, `${manifest.name} packed`)
    const listing = await run('tar', ['tzf', join(packs, tarball!)])
    t.match(listing.stdout, /package\/README\.md/, `${manifest.name} tarball has a README`)
    t.match(listing.stdout, /package\/dist\/index\.d\.ts/, `${manifest.name} tarball has its types`)
    t.notMatch(listing.stdout, /package\/(src|test)\//, `${manifest.name} tarball has no sources or tests`)
    // The app depends on `fastify` and `fastify4`; the others are installed beside them, as a user adding them would.
    dependencies[installedAs[manifest.name] ?? manifest.name] = `file:${join(packs, tarball!)}`
  }

  await writeFile(join(project, 'package.json'), JSON.stringify({
    name: 'enclave-install-check',
    private: true,
    type: 'module',
    dependencies,
    devDependencies: { '@types/node': `^${await devVersion('@types/node')}` }
  }, null, 2))
  await runPlain('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], project)

  for (const [name, expected] of [['fastify', { name: '@enclave/fastify', version: '5.12.8' }], ['fastify4', { name: '@enclave/fastify4', version: '4.29.1' }]] as const) {
    const installed = JSON.parse(await readFile(join(project, 'node_modules', name, 'package.json'), 'utf8')) as { name: string, version: string }
    t.same(installed, Object.assign({}, installed, expected), `node_modules/${name} is ${expected.name}`)

    await writeFile(join(project, `app-${name}.cjs`), cjsApp(name))
    const cjs = JSON.parse((await runPlain(process.execPath, [`app-${name}.cjs`], project)).stdout)
    t.same(cjs, {
      ok: [200, { msg: 'hello cjs' }],
      bad: [400, 'FST_ERR_VALIDATION'],
      refused: 'FST_ERR_PLUGIN_VERSION_MISMATCH',
      removedInV5: name === 'fastify4',
      shape: ['function', true, true, 'function'],
      version: expected.version,
      plugin: 'fastify -> greeter'
    }, `require('${name}') runs the app as Fastify ${expected.version} does`)
  }

  await writeFile(join(project, 'app.mjs'), esmApp)
  const esm = JSON.parse((await runPlain(process.execPath, ['app.mjs'], project)).stdout)
  t.same(esm, { ok: [200, { id: '7', user: null }], missing: 404, named: true, errorCodes: 'function', core: 'core' }, 'import from \'fastify\' runs the app')

  await writeFile(join(project, 'app.ts'), tsApp)
  await writeFile(join(project, 'tsconfig.json'), JSON.stringify(tsconfig))
  // The repository's tsc, the version the project would install: installing it again unpacks ~20 MB for nothing.
  await runPlain(join(root, 'node_modules', '.bin', 'tsc'), ['-p', '.'], project).catch((error) => {
    t.fail(`tsc: ${String(error.stdout)}`)
  })
  const ts = JSON.parse((await runPlain(process.execPath, ['out/app.js'], project)).stdout)
  t.same(ts, [200, { id: '42', msg: 'hello ts' }], 'the TypeScript app compiles against the package\'s types and runs')
})
