import enclave from '@enclave/core'

const app = enclave()
const other = enclave()
const port = Number(process.env.PORT ?? 3000)

const address = await app.listen({ port, host: '127.0.0.1' })   // 'http://127.0.0.1:3000'
other.listen({ port }, (error, address) => { /* … */
  console.log(error ?? address)
  void other.close()
})

export default app
