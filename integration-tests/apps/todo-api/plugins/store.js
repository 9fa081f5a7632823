import fp from 'fastify-plugin'

// An in-memory store every route can reach: fastify-plugin keeps the decorator on the root.
async function store (fastify) {
  const items = new Map()
  let next = 1
  fastify.decorate('todos', {
    list: () => [...items.values()],
    get: (id) => items.get(id),
    add: (title) => {
      const todo = { id: next++, title, done: false, secret: 'not serialized' }
      items.set(todo.id, todo)
      return todo
    },
    remove: (id) => items.delete(id)
  })
}

export default fp(store, { name: 'store' })
