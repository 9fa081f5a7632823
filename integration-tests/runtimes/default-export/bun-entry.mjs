// `bun bun-entry.mjs`: Bun serves a default export that has a `fetch` method (PORT chooses the port).
import { buildApp } from './app.mjs'

export default buildApp()
