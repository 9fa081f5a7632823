// Fastify keeps the register types in their own module (`fastify/types/register`); they are declared with the plugin types.
export type { FastifyRegister, FastifyRegisterOptions, RegisterOptions } from './plugin.js'
