// Each face's instance has its Fastify version's members, and `fetch`: a plugin may decorate any other
// name there as it can on Fastify. enclave() adds Fastify 5's members to Fastify 4.29's, and its own.
import { test } from 'tap'
import { enclaveFaces, fastify5Faces, faces, type Factory } from './fixtures/faces.js'

function memberNames (app: object): string[] {
  const names = new Set<string>()
  for (let holder: object | null = app; holder !== null && holder !== Object.prototype; holder = Object.getPrototypeOf(holder)) {
    for (const name of Object.getOwnPropertyNames(holder)) if (!name.startsWith('_')) names.add(name)
  }
  return [...names].sort()
}

const notOnFastify4 = ['getDecorator', 'addHttpMethod', 'supportedMethods', 'printContexts']

async function decorations (factory: Factory, names: string[]): Promise<string[]> {
  const outcomes = []
  for (const name of names) {
    const app = factory()
    try {
      app.decorate(name, 'plugin value')
      await app.ready()
      outcomes.push(`${name}: ${String(app[name])}`)
    } catch (error: any) {
      outcomes.push(`${name}: ${String(error.code)}`)
    }
    await app.close()
  }
  return outcomes
}

for (const [fastify, face] of [[faces[0]!, faces[2]!], fastify5Faces] as Array<[[string, Factory], [string, Factory]]>) {
  test(`${face[0]} has ${fastify[0]}'s instance members, and fetch`, async (t) => {
    const expected = memberNames(fastify[1]())
    const actual = memberNames(face[1]())
    t.same(actual.filter((name) => !expected.includes(name)), ['fetch'])
    t.same(expected.filter((name) => !actual.includes(name)), [])
    const free = notOnFastify4.filter((name) => !expected.includes(name))
    t.ok(free.includes('printContexts'))
    t.same(await decorations(face[1], free), await decorations(fastify[1], free), 'a plugin may decorate the names Fastify does not use')
  })
}

async function requestAndReplyNames (factory: Factory, options?: object): Promise<{ request: string[], reply: string[] }> {
  const app = factory(options)
  let names = { request: [] as string[], reply: [] as string[] }
  app.get('/', (request: object, reply: any) => {
    names = { request: memberNames(request), reply: memberNames(reply) }
    reply.send('')
  })
  await app.inject('/')
  await app.close()
  return names
}

for (const [fastify, face] of [[faces[0]!, faces[2]!], fastify5Faces] as Array<[[string, Factory], [string, Factory]]>) {
  test(`${face[0]}'s requests and replies have ${fastify[0]}'s members`, async (t) => {
    // Fastify defines request.ips with trustProxy only: both ways.
    for (const options of [{}, { trustProxy: true }]) {
      const expected = await requestAndReplyNames(fastify[1], options)
      const actual = await requestAndReplyNames(face[1], options)
      t.equal(actual.request.includes('ips'), 'trustProxy' in options, `ips ${JSON.stringify(options)}`)
      t.same(actual.request.filter((name) => !expected.request.includes(name)), [])
      t.same(expected.request.filter((name) => !actual.request.includes(name)), [])
      t.same(actual.reply.filter((name) => !expected.reply.includes(name)), [])
      t.same(expected.reply.filter((name) => !actual.reply.includes(name)), [])
    }
  })
}

test('enclave() has Fastify 5\'s instance additions and printContexts()', async (t) => {
  const [, enclave] = enclaveFaces[0]!
  const app = enclave()
  for (const name of notOnFastify4) t.ok(name in app, name)
  t.ok((await requestAndReplyNames(enclave)).reply.includes('statusText'), 'reply.statusText()')
  t.same(await decorations(enclave, ['getDecorator', 'printContexts']), ['getDecorator: FST_ERR_DEC_ALREADY_PRESENT', 'printContexts: FST_ERR_DEC_ALREADY_PRESENT'])
  await app.close()
})
