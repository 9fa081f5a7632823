import enclave, { type EnclaveRequest } from '@enclave/core'

const app = enclave()

// Each route answers with what its context sees.
function whatIsVisible (this: any, request: EnclaveRequest) {
  return {
    rootDecorator: this.rootDecorator,
    childDecorator: this.childDecorator,
    grandchildDecorator: this.grandchildDecorator,
    user: (request as any).user
  }
}
const rootRoute = whatIsVisible
const childRoute = whatIsVisible
const grandchildRoute = whatIsVisible

app.decorate('rootDecorator', 'root')
app.get('/', rootRoute)

app.register(async function publicContext (child) {
  child.decorate('childDecorator', 'child')
  child.get('/', childRoute)

  child.register(async function grandchild (grandchild) {
    grandchild.decorate('grandchildDecorator', 'grandchild')
    grandchild.decorateRequest('user', null)
    grandchild.get('/grandchild', grandchildRoute)
  })
}, { prefix: '/public' })

console.log((await app.inject('/')).json()) // { rootDecorator: 'root' }
console.log((await app.inject('/public')).json()) // { rootDecorator: 'root', childDecorator: 'child' }
console.log((await app.inject('/public/grandchild')).json())
// { rootDecorator: 'root', childDecorator: 'child', grandchildDecorator: 'grandchild', user: null }

export default app
