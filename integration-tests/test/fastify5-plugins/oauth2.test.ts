// @fastify/oauth2 8 (the Fastify 5 major) on fastify@5.12.8 and on @enclave/fastify: the start path
// redirects to the provider's authorization URL with the client id, callback, scope and a state that
// is also set in a cookie; a callback without a matching state is refused.
import t from 'tap'
import oauth2 from '@fastify5/oauth2'
import { onFastify5 } from '../helpers/fastify5.js'

onFastify5(t, async (fastify) => {
  const app = fastify()
  await app.register(oauth2, {
    name: 'githubOAuth2',
    scope: ['read:user'],
    credentials: { client: { id: 'client-id', secret: 'client-secret' }, auth: (oauth2 as any).GITHUB_CONFIGURATION },
    startRedirectPath: '/login/github',
    callbackUri: 'http://localhost:3000/login/github/callback'
  })
  app.get('/login/github/callback', async (request: any) => await app.githubOAuth2.getAccessTokenFromAuthorizationCodeFlow(request))
  return app
}, async (t, app) => {
  t.test('the start path redirects to the provider with a state cookie', async (t) => {
    const res = await app.inject('/login/github')
    t.equal(res.statusCode, 302)
    const location = new URL(res.headers.location)
    t.equal(location.origin + location.pathname, 'https://github.com/login/oauth/authorize')
    t.equal(location.searchParams.get('client_id'), 'client-id')
    t.equal(location.searchParams.get('redirect_uri'), 'http://localhost:3000/login/github/callback')
    t.equal(location.searchParams.get('scope'), 'read:user')
    const state = res.cookies.find((c: { name: string }) => c.name === 'oauth2-redirect-state')
    t.equal(state.value, location.searchParams.get('state'))
  })

  t.test('a callback whose state does not match is refused', async (t) => {
    const res = await app.inject({ url: '/login/github/callback?code=x&state=forged', cookies: { 'oauth2-redirect-state': 'other' } })
    t.equal(res.statusCode, 500)
    t.equal(res.json().message, 'Invalid state')
  })
})
