// Peer "fastify5": fastify@5 (npm alias fastify5).
import Fastify from 'fastify5'
import { startApp } from './fastify-style.js'

await startApp('fastify5', Fastify)
