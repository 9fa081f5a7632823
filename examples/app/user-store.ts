export interface User {
  id: number
  name: string
  email: string
  tags: string[]
  createdAt: Date
  /** Kept server-side; the response schemas do not declare it, so it is never sent. */
  passwordHash: string
}

/** An in-memory store, enough for the example. */
export class UserStore {
  private readonly users = new Map<number, User>()
  private nextId = 1

  constructor () {
    this.create({ name: 'Ada Lovelace', email: 'ada@example.com', tags: ['admin'] })
    this.create({ name: 'Alan Turing', email: 'alan@example.com', tags: [] })
  }

  create (input: { name: string, email: string, tags?: string[] }): User {
    const user: User = { id: this.nextId++, name: input.name, email: input.email, tags: input.tags ?? [], createdAt: new Date(), passwordHash: 'x' }
    this.users.set(user.id, user)
    return user
  }

  get (id: number): User | undefined {
    return this.users.get(id)
  }

  list (limit: number, tags: string[]): User[] {
    const all = [...this.users.values()].filter((user) => tags.every((tag) => user.tags.includes(tag)))
    return all.slice(0, limit)
  }

  remove (id: number): boolean {
    return this.users.delete(id)
  }

  count (): number {
    return this.users.size
  }
}
