import t from 'tap'
import { escapePointerSegment, segmentKey, toJsonPointer } from '@enclave/compiler-kit'

t.test('paths become RFC 6901 pointers, the root being the empty string', async (t) => {
  t.equal(toJsonPointer([]), '')
  t.equal(toJsonPointer(['items', 0, 'name']), '/items/0/name')
  t.equal(toJsonPointer(['a/b', 'c~d']), '/a~1b/c~0d')
})

t.test('Standard Schema { key } segments are read as their key', async (t) => {
  t.equal(segmentKey({ key: 'x' }), 'x')
  t.equal(segmentKey(3), 3)
  t.equal(toJsonPointer([{ key: 'items' }, { key: 1 }]), '/items/1')
})

t.test('a length keeps only the first segments (the parent of a missing property)', async (t) => {
  t.equal(toJsonPointer(['a', 'b', 'c'], 2), '/a/b')
})

t.test('escaping leaves plain segments as they are', async (t) => {
  t.equal(escapePointerSegment('plain'), 'plain')
  t.equal(escapePointerSegment('~/'), '~0~1')
})
