import t from 'tap'
import { missingPropertyAt } from '@enclave/compiler-kit'

t.test('the name of a property absent from its object', async (t) => {
  t.equal(missingPropertyAt({ a: {} }, ['a', 'b']), 'b')
  t.equal(missingPropertyAt({}, [{ key: 'name' }]), 'name')
  t.equal(missingPropertyAt({ name: undefined }, ['name']), 'name')
})

t.test('undefined when the value is there, or the path does not end at an object key', async (t) => {
  t.equal(missingPropertyAt({ b: 0 }, ['b']), undefined)
  t.equal(missingPropertyAt({ b: null }, ['b']), undefined)
  t.equal(missingPropertyAt({}, []), undefined)
  t.equal(missingPropertyAt({ list: [] }, ['list', 0]), undefined, 'an index is not a property')
  t.equal(missingPropertyAt({ list: [] }, ['list', 'x']), undefined, 'arrays have no named properties')
  t.equal(missingPropertyAt({ a: 'text' }, ['a', 'b']), undefined)
  t.equal(missingPropertyAt(null, ['a']), undefined)
})
