import t from 'tap'
import { serializerCompiler } from '@enclave/zod'
import { rewritingResponseChecks } from '../../kit/test/fixtures/rewriting-responses.js'

rewritingResponseChecks(t, serializerCompiler)
