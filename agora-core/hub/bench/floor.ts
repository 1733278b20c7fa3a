// The P1 floor in the same run as the hub's figures: floor-child.mjs (node:http + ws + better-sqlite3 doing
// only a post's unavoidable work) under the hub's own load shape — one kept-alive poster, 10 WS subscribers
// on their own thread, the same body — warmed up as long as the hub's warm line. What it prints bounds what
// any node hub could reach on this machine; the hub's posts/s ÷ the floor's is the part the hub's code owns.
import {Agent, request} from 'node:http'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {Worker} from 'node:worker_threads'
import {forkServer} from './procs.js'
import {messagesCopy} from './rows.js'

const HERE = dirname(fileURLToPath(import.meta.url))

export interface Floor { perSec: number; cpuUsPerPost: number; dbCpuUsPerPost: number | null; frames: number }

/** On SQLite: `hubDb` lends its messages schema to a new database at `floorDb`. */
export const sqliteFloor = (hubDb: string, floorDb: string, body: string, warm: number, measured: number): Promise<Floor> => {
  messagesCopy(hubDb, floorDb).close()
  return measureFloor(floorDb, body, warm, measured)
}

/**
 * `target`: a SQLite file holding the hub's schema, or the hub's PostgreSQL database URL (the floor writes its
 * own copy of the messages table there). `dbCpu`: the database server's CPU µs so far, when it can be read.
 */
export async function measureFloor(target: string, body: string, warm: number, measured: number, dbCpu: () => number | null = () => null): Promise<Floor> {
  const floorProc = await forkServer(join(HERE, 'floor-child.mjs'), [target])
  const url = floorProc.url
  const agent = new Agent({keepAlive: true, maxSockets: 1})
  const payload = JSON.stringify({body, status: 'fyi'})
  const post = (): Promise<void> => new Promise((resolve, reject) => {
    const req = request(`${url}/channels/bench/messages`, {method: 'POST', agent, headers: {'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload))}}, (res) => {
      res.resume()
      res.on('end', () => (res.statusCode === 201 ? resolve() : reject(new Error(`floor answered ${res.statusCode}`))))
    })
    req.on('error', reject)
    req.end(payload)
  })
  const subscribers = new Worker(join(HERE, 'subscribers.mjs'), {workerData: {url, keys: Array.from({length: 10}, (_, i) => `floor-${i}`)}})
  try {
    await new Promise((resolve) => subscribers.once('message', resolve))
    for (let i = 0; i < warm; i++) await post()
    const cpu0 = await floorProc.cpuUs()
    const db0 = dbCpu()
    const t0 = performance.now()
    for (let i = 0; i < measured; i++) await post()
    const secs = (performance.now() - t0) / 1000
    const cpu = await floorProc.cpuUs() - cpu0
    const db1 = dbCpu()
    subscribers.postMessage('report')
    const {frames} = await new Promise<{frames: number}>((resolve) => subscribers.once('message', resolve))
    if (frames !== 10 * (warm + measured)) throw new Error(`the floor's 10 subscribers received ${frames} frames, expected ${10 * (warm + measured)}`)
    return {perSec: measured / secs, cpuUsPerPost: cpu / measured, dbCpuUsPerPost: db0 === null || db1 === null ? null : (db1 - db0) / measured, frames}
  } finally {
    await subscribers.terminate()
    agent.destroy()
    await floorProc.close()
  }
}
