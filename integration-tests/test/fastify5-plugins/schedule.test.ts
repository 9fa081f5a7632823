// @fastify/schedule 7 (the Fastify 5 major) with toad-scheduler on fastify@5.12.8 and on
// @enclave/fastify: fastify.scheduler runs an interval job once the app is ready and stops it when
// the app closes.
import t from 'tap'
import { AsyncTask, SimpleIntervalJob } from 'toad-scheduler'
import { fastifySchedule } from '@fastify5/schedule'
import { fastify5Implementations } from '../helpers/fastify5.js'

for (const [name, fastify] of fastify5Implementations) {
  t.test(`on ${name}`, async (t) => {
    const app = fastify()
    await app.register(fastifySchedule)
    await app.ready()
    let resolveRan!: () => void
    const ran = new Promise<void>((resolve) => { resolveRan = resolve })
    const job = new SimpleIntervalJob({ milliseconds: 20 }, new AsyncTask('tick', async () => { resolveRan() }), { id: 'tick' })
    app.scheduler.addSimpleIntervalJob(job)
    await ran
    t.equal(app.scheduler.getById('tick').getStatus(), 'running')
    await app.close()
    t.equal(job.getStatus(), 'stopped')
  })
}
