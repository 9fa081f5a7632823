import { test } from 'tap'
import { faces, fastify5Faces, type Factory } from './fixtures/faces.js'

/** An object that serializes itself, as an ObjectId or a Luxon date does. */
class SelfSerializing {
  constructor (private readonly hex: string) {}
  toJSON (): string { return this.hex }
  toString (): string { return `id:${this.hex}` }
}

const cases: Array<[string, unknown, () => unknown]> = [
  ['a nullable tuple item given null', { type: 'array', items: [{ type: 'string' }, { type: 'integer', nullable: true }] }, () => ['a', null]],
  ['an object with toJSON under an anyOf with a string branch', { type: 'object', properties: { p: { anyOf: [{ type: 'string' }, { type: 'null' }] } } }, () => ({ p: new SelfSerializing('ab12') })]
]

/** Status and body of each case's reply. */
async function answers (factory: Factory): Promise<string[]> {
  const app = factory()
  cases.forEach(([, schema, data], i) => {
    app.get(`/${i}`, { schema: { response: { 200: schema } } }, async () => data())
  })
  const seen: string[] = []
  for (let i = 0; i < cases.length; i++) {
    const res = await app.inject(`/${i}`)
    seen.push(`${res.statusCode} ${res.body}`)
  }
  await app.close()
  return seen
}

const written = ['200 ["a",null]', '200 {"p":"id:ab12"}']

for (const [name, factory] of [...faces, ...fastify5Faces]) {
  const fastify4 = name === 'fastify@4.29.1'
  test(`${name}: response data its schema allows is ${fastify4 ? 'refused by fast-json-stringify 5 (500)' : 'written'}`, async (t) => {
    t.same(await answers(factory), fastify4
      ? ['500 {"statusCode":500,"error":"Internal Server Error","message":"Item at 1 does not match schema definition."}', '500 {"statusCode":500,"error":"Internal Server Error","message":"The value of \'#/properties/p\' does not match schema definition."}']
      : written)
  })
}
