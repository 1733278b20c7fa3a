// What the GET /admin/slow ring costs every request (a script, not a test):
// `node --import=tsx --conditions=agora-source agora-core/hub/bench/slow-log.bench.ts`.
// The baseline from the same run is one real loopback GET /healthz on a kept-alive connection;
// the figure is the middleware's own work per request (hrtime, one 'finish' listener, the check).
import {EventEmitter} from 'node:events'
import {Agent, request} from 'node:http'
import {createHub} from '../src/index.js'
import {SlowLog} from '../src/services/diagnostics/slow.js'
import {fmt, line} from './stats.js'

const N_MIDDLEWARE = 200_000
const N_HTTP = 2_000
const ROUNDS = 3

function middlewareNsPerRequest(): number {
  const log = new SlowLog(5000, () => Date.now() / 1000)
  const mw = log.middleware()
  const req = {method: 'GET', path: '/healthz'} as never
  const started = process.hrtime.bigint()
  for (let i = 0; i < N_MIDDLEWARE; i++) {
    const res = Object.assign(new EventEmitter(), {statusCode: 200})
    mw(req, res as never, () => {})
    res.emit('finish')
  }
  // The bare EventEmitter + emit the loop needs anyway is part of the figure, so it over-states the cost.
  return Number(process.hrtime.bigint() - started) / N_MIDDLEWARE
}

async function healthzUsPerRequest(url: string): Promise<number> {
  const agent = new Agent({keepAlive: true, maxSockets: 1})
  const once = (): Promise<void> => new Promise((resolve, reject) => {
    const r = request(`${url}/healthz`, {agent}, (res) => { res.resume(); res.on('end', resolve) })
    r.on('error', reject)
    r.end()
  })
  for (let i = 0; i < 200; i++) await once()
  const started = process.hrtime.bigint()
  for (let i = 0; i < N_HTTP; i++) await once()
  const us = Number(process.hrtime.bigint() - started) / 1000 / N_HTTP
  agent.destroy()
  return us
}

const hub = await createHub({db: ':memory:', port: 0, adminKey: 'bench-' + 'a'.repeat(32), notifyDir: null})
try {
  for (let round = 1; round <= ROUNDS; round++) {
    const mwNs = middlewareNsPerRequest()
    const httpUs = await healthzUsPerRequest(hub.url)
    line(`round ${round}: slow-log middleware per request`, `${fmt(mwNs / 1000, 3)} µs`)
    line(`round ${round}: GET /healthz round trip`, `${fmt(httpUs, 1)} µs`)
    line(`round ${round}: middleware / round trip`, `${fmt((mwNs / 1000 / httpUs) * 100, 3)} %`, 'goal < 1 %')
  }
} finally {
  await hub.close()
}
