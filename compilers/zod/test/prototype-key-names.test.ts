import t from 'tap'
import { z } from 'zod'
import { validatorCompiler } from '@enclave/zod'
import { prototypeKeyChecks } from '../../kit/test/fixtures/prototype-keys.js'

const numbers = (names: readonly string[]) => z.object(Object.fromEntries(names.map((name) => [name, z.number().optional()])))

prototypeKeyChecks(t, validatorCompiler, {
  numbers,
  requiredNumber: (name) => z.object({ [name]: z.number() }),
  strings: (names) => z.object(Object.fromEntries(names.map((name) => [name, z.string()]))),
  record: () => z.record(z.string(), z.number())
}, (name) => `body should have required property '${name}'`)
