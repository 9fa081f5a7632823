import t from 'tap'
import * as v from 'valibot'
import { z } from 'zod'
import { validatorCompiler } from '@enclave/standard-schema'
import { prototypeKeyChecks } from '../../kit/test/fixtures/prototype-keys.js'

t.test('valibot', async (t) => {
  prototypeKeyChecks(t, validatorCompiler, {
    numbers: (names) => v.object(Object.fromEntries(names.map((name) => [name, v.optional(v.number())]))),
    requiredNumber: (name) => v.object({ [name]: v.number() }),
    strings: (names) => v.object(Object.fromEntries(names.map((name) => [name, v.string()]))),
    record: () => v.record(v.string(), v.number())
  })
})

t.test('zod through Standard Schema', async (t) => {
  prototypeKeyChecks(t, validatorCompiler, {
    numbers: (names) => z.object(Object.fromEntries(names.map((name) => [name, z.number().optional()]))),
    requiredNumber: (name) => z.object({ [name]: z.number() }),
    strings: (names) => z.object(Object.fromEntries(names.map((name) => [name, z.string()]))),
    record: () => z.record(z.string(), z.number())
  })
})
