// The notes store, a plugin wrapped with fastify-plugin so its decorator reaches every route, typed
// for its users through module augmentation, as a Fastify v5 plugin is written.
import fp from 'fastify-plugin6'
import type { FastifyPluginAsync } from 'fastify'

export interface Note {
  id: number
  text: string
  tags: string[]
}

export class NoteStore {
  readonly #notes = new Map<number, Note>()
  #next = 1

  add (text: string, tags: string[]): Note {
    const note = { id: this.#next++, text, tags }
    this.#notes.set(note.id, note)
    return note
  }

  get (id: number): Note | undefined {
    return this.#notes.get(id)
  }

  list (tag: string | undefined, limit: number): Note[] {
    const all = [...this.#notes.values()]
    return (tag === undefined ? all : all.filter((note) => note.tags.includes(tag))).slice(0, limit)
  }

  remove (id: number): boolean {
    return this.#notes.delete(id)
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    notes: NoteStore
  }
}

export interface StoreOptions {
  seed?: Array<{ text: string, tags?: string[] }>
}

const store: FastifyPluginAsync<StoreOptions> = async (app, options) => {
  const notes = new NoteStore()
  for (const note of options.seed ?? []) notes.add(note.text, note.tags ?? [])
  app.decorate('notes', notes)
}

export default fp(store, { name: 'notes-store', fastify: '5.x' })
