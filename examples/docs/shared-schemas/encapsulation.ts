import enclave from '@enclave/core'

const app = enclave()

app.addSchema({ $id: 'root', type: 'string' })
app.register(async function child (child) {
  child.addSchema({ $id: 'child', type: 'string' })
  child.register(async function grandchild (grandchild) {
    grandchild.addSchema({ $id: 'grandchild', type: 'string' })
    console.log(Object.keys(grandchild.getSchemas())) // ['root', 'child', 'grandchild']
  })
  console.log(Object.keys(child.getSchemas()))        // ['root', 'child'] — never 'grandchild'
})
app.register(async function sibling (sibling) {
  console.log(Object.keys(sibling.getSchemas()))      // ['root']
})
await app.ready()
console.log(Object.keys(app.getSchemas()))            // ['root']

export default app
