import type { Test } from 'tap'

/**
 * The curl lines the server's banner prints, each sent to a running example app at `base` (a fresh
 * one: the third user is created here) and checked: the example's own test, and the one each runtime
 * that serves the example answers (integration-tests/test/runtimes-example-app.test.ts).
 */
export async function checkBannerLines (t: Test, base: string, apiKey: string): Promise<void> {
  const list = await fetch(`${base}/api/users`)
  t.equal(list.status, 200)
  const users = await list.json() as Array<Record<string, unknown>>
  t.equal(users.length, 2)
  t.notOk('passwordHash' in users[0]!, 'undeclared properties never leave the server')

  const one = await fetch(`${base}/api/users/1`)
  t.equal(one.status, 200)
  t.match(await one.json(), { id: 1, name: 'Ada Lovelace' })

  const created = await fetch(`${base}/api/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Grace', email: 'grace@example.com' }) })
  t.equal(created.status, 201)
  t.match(await created.json(), { id: 3, name: 'Grace', email: 'grace@example.com', tags: [] })

  const invalid = await fetch(`${base}/api/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'no-name@example.com' }) })
  t.equal(invalid.status, 400)
  t.same(await invalid.json(), { statusCode: 400, error: 'Bad Request', message: "body should have required property 'name'" })

  const zod = await fetch(`${base}/api/compilers/zod`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Zed', age: 'x' }) })
  t.equal(zod.status, 400)
  t.same(await zod.json(), { statusCode: 400, error: 'Bad Request', message: 'body/age should be number' })

  const anonymous = await fetch(`${base}/admin/stats`)
  t.equal(anonymous.status, 401)
  t.match(anonymous.headers.get('www-authenticate'), /^Bearer realm=/)
  t.same(await anonymous.json(), { error: 'missing authorization header' })

  const stats = await fetch(`${base}/admin/stats`, { headers: { authorization: `Bearer ${apiKey}` } })
  t.equal(stats.status, 200)
  t.same(await stats.json(), { users: 3 })
}
