// `deno serve deno-entry.mjs`: Deno serves a default export with its own `fetch`.
import { buildApp } from './app.mjs'

const app = buildApp()
export default { fetch: app.fetch }
