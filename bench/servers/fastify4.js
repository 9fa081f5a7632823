// Peer "fastify4": fastify@4 (npm alias fastify4).
import Fastify from 'fastify4'
import { startApp } from './fastify-style.js'

await startApp('fastify4', Fastify)
