import t from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

type Scenario = (app: any, log: string[]) => void

/** The order of what a plugin's ready() callbacks, the onReady hooks and the app's ready() report. */
async function observe (factory: Factory, scenario: Scenario): Promise<string[]> {
  const app = factory()
  const log: string[] = []
  scenario(app, log)
  app.addHook('onReady', async () => { log.push('root onReady') })
  await app.ready().then(() => { log.push('app ready') }, (error: any) => { log.push(`app ready failed: ${String(error.message)}`) })
  await new Promise((resolve) => setImmediate(resolve))
  await app.close()
  return log
}

/** What a callback receives: how many arguments, and what each one is. */
function describeArguments (args: unknown[], instance: unknown): string {
  return args.map((value) => value === instance ? 'the instance' : value === undefined ? 'undefined' : value === null ? 'null' : typeof value).join(', ')
}

const scenarios: Record<string, Scenario> = {
  'callbacks of each arity': (app, log) => {
    app.register(async (instance: any) => {
      instance.ready(function () { log.push(`() got [${describeArguments([...arguments], instance)}]`) })
      instance.ready(function (error: unknown) { log.push(`(err) got [${describeArguments([...arguments], instance)}]: ${String(error)}`) })
      instance.ready(function (error: unknown, done: () => void) {
        log.push(`(err, done) got [${describeArguments([...arguments], instance)}]: ${String(error)}`)
        setImmediate(() => { log.push('(err, done) calls done'); done() })
      })
      instance.ready(function (error: unknown, self: unknown, done: () => void) {
        log.push(`(err, instance, done) got [${describeArguments([...arguments], instance)}]: ${String(error)}, ${String(self === instance)}`)
        done()
      })
    })
  },
  'a promise': (app, log) => {
    app.register(async (instance: any) => {
      instance.ready().then((value: unknown) => { log.push(`promise resolved with ${value === instance ? 'the instance' : String(value)}`) }, (error: any) => { log.push(`promise rejected: ${String(error.message)}`) })
    })
  },
  'a sibling plugin that fails': (app, log) => {
    app.register(async (instance: any) => {
      instance.ready((error: unknown) => { log.push(`callback got ${String(error)}`) })
      instance.ready().then(() => { log.push('promise resolved') }, (error: any) => { log.push(`promise rejected: ${String(error.message)}`) })
    })
    app.register(async () => { throw new Error('no start') })
  },
  'a failing plugin of its own': (app, log) => {
    app.register(async (instance: any) => {
      instance.ready((error: unknown) => { log.push(`callback got ${String(error)}`) })
      instance.register(async () => { throw new Error('no start') })
    })
  },
  'done called with an error': (app, log) => {
    app.register(async (instance: any) => {
      instance.ready((error: unknown, done: (error?: Error) => void) => { log.push(`callback got ${String(error)}`); done(new Error('refused')) })
    })
  }
}

const [fastify4, , face4] = faces

for (const [label, scenario] of Object.entries(scenarios)) {
  t.test(`ready() in a plugin, ${label}: settles as in Fastify (avvio's ready queue)`, async (t) => {
    const [[v5Name, fastify5], [faceName, face5]] = fastify5Faces
    t.same(await observe(face5, scenario), await observe(fastify5, scenario), `${faceName} as ${v5Name}`)
    t.same(await observe(face4![1], scenario), await observe(fastify4![1], scenario), `${face4![0]} as ${fastify4![0]}`)
  })
}

t.test('enclave(): a plugin\'s ready(err, done) callback gets done, and the onReady hooks wait for it', async (t) => {
  const [, enclaveEntry] = faces[1]!
  const log = await observe(enclaveEntry, scenarios['callbacks of each arity']!)
  t.same(log, [
    '() got []',
    '(err) got [undefined]: undefined',
    '(err, done) got [undefined, function]: undefined',
    '(err, done) calls done',
    '(err, instance, done) got [undefined, the instance, function]: undefined, true',
    'root onReady',
    'app ready'
  ])
})
