// Peer "enclave": @enclave/core (built dist).
import enclave from '@enclave/core'
import { startApp } from './fastify-style.js'

await startApp('enclave', enclave)
