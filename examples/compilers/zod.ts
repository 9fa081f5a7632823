/**
 * A small books API validated and serialized with Zod (docs/compilers.md, "Zod").
 * `build()` returns the app unstarted; compilers/zod/test/example.test.ts drives it with inject().
 */
import enclave, { type EnclaveInstance } from '@enclave/core'
import { z } from 'zod'
import { serializerCompiler, validatorCompiler } from '@enclave/zod'

// Shared schemas are plain values composed in code: addSchema() and $ref only feed Ajv.
const Book = z.object({
  id: z.int().positive(),
  title: z.string().min(1),
  year: z.int().min(1450).optional(),
  tags: z.array(z.string()).default([])
})
const NewBook = Book.omit({ id: true })
const BookParams = z.object({ id: z.int().positive() })
const ListQuery = z.object({
  limit: z.int().min(1).max(100).default(10),
  tag: z.array(z.string()).optional()
})
const Problem = z.object({ message: z.string() })

type BookRecord = z.output<typeof Book> & { internalNote?: string }

export function build (): EnclaveInstance {
  const app = enclave()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  const books: BookRecord[] = [
    { id: 1, title: 'Frankenstein', year: 1818, tags: ['novel'], internalNote: 'never sent: not in the response schema' }
  ]

  // ?limit=5&tag=novel arrive as strings; the adapter converts them to the declared types.
  app.get<{ Querystring: z.output<typeof ListQuery> }>('/books', { schema: { querystring: ListQuery, response: { 200: z.array(Book) } } }, async (request) => {
    const { limit, tag } = request.query
    return books.filter((book) => tag === undefined || tag.some((name) => book.tags.includes(name))).slice(0, limit)
  })

  app.get<{ Params: z.output<typeof BookParams> }>('/books/:id', { schema: { params: BookParams, response: { 200: Book, 404: Problem } } }, async (request, reply) => {
    const { id } = request.params
    const book = books.find((candidate) => candidate.id === id)
    if (book === undefined) return reply.code(404).send({ message: `no book ${id}` })
    return book
  })

  app.post<{ Body: z.output<typeof NewBook> }>('/books', { schema: { body: NewBook, response: { 201: Book } } }, async (request, reply) => {
    const book: BookRecord = { id: books.length + 1, ...request.body }
    books.push(book)
    return reply.code(201).send(book)
  })

  return app
}
