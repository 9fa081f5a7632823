// `node examples/dist/openapi/server.js`, then open http://127.0.0.1:3000/docs (the document is /docs/json).
import { build } from './app.js'

const app = await build()
await app.listen({ port: Number(process.env.PORT ?? 3000), host: '127.0.0.1' })
