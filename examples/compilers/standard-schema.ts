/**
 * A small events API whose schemas are written with valibot and validated through the Standard
 * Schema adapter (docs/compilers.md, "Standard Schema"); any library implementing `~standard`
 * (zod 4, arktype 2, …) works the same way. `build()` returns the app unstarted;
 * compilers/standard-schema/test/example.test.ts drives it with inject().
 */
import enclave, { type EnclaveInstance } from '@enclave/core'
import * as v from 'valibot'
import { serializerCompiler, validatorCompiler } from '@enclave/standard-schema'

// Shared schemas are plain values composed in code: addSchema() and $ref only feed Ajv.
const EventFields = {
  title: v.pipe(v.string(), v.minLength(1)),
  seats: v.pipe(v.number(), v.integer(), v.minValue(1)),
  online: v.optional(v.boolean(), false)
}
const NewEvent = v.object(EventFields)
const Event = v.object({ id: v.number(), ...EventFields })
const EventParams = v.object({ id: v.pipe(v.number(), v.integer()) })
const ListQuery = v.object({ online: v.optional(v.boolean()), max: v.optional(v.pipe(v.number(), v.maxValue(50)), 20) })
const Problem = v.object({ message: v.string() })

type EventRecord = v.InferOutput<typeof Event> & { organiserEmail?: string }

export function build (): EnclaveInstance {
  const app = enclave()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  const events: EventRecord[] = [
    { id: 1, title: 'Launch', seats: 40, online: true, organiserEmail: 'never sent: not in the response schema' }
  ]

  // ?online=true&max=5 arrive as strings; the adapter converts the ones valibot rejects as text.
  app.get<{ Querystring: v.InferOutput<typeof ListQuery> }>('/events', { schema: { querystring: ListQuery, response: { 200: v.array(Event) } } }, async (request) => {
    const { online, max } = request.query
    return events.filter((event) => online === undefined || event.online === online).slice(0, max)
  })

  app.get<{ Params: v.InferOutput<typeof EventParams> }>('/events/:id', { schema: { params: EventParams, response: { 200: Event, 404: Problem } } }, async (request, reply) => {
    const event = events.find((candidate) => candidate.id === request.params.id)
    if (event === undefined) return reply.code(404).send({ message: `no event ${request.params.id}` })
    return event
  })

  app.post<{ Body: v.InferOutput<typeof NewEvent> }>('/events', { schema: { body: NewEvent, response: { 201: Event } } }, async (request, reply) => {
    const event: EventRecord = { id: events.length + 1, ...request.body }
    events.push(event)
    return reply.code(201).send(event)
  })

  return app
}
