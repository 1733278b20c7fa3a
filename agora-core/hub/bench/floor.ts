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

export interface Floor { perSec: number; cpuUsPerPost: number; frames: number }

/** `hubDb` lends its messages schema to a new database at `db`. */
export async function measureFloor(hubDb: string, db: string, body: string, warm: number, measured: number): Promise<Floor> {
  messagesCopy(hubDb, db).close()
  const floorProc = await forkServer(join(HERE, 'floor-child.mjs'), [db])
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
    const t0 = performance.now()
    for (let i = 0; i < measured; i++) await post()
    const secs = (performance.now() - t0) / 1000
    const cpu = await floorProc.cpuUs() - cpu0
    subscribers.postMessage('report')
    const {frames} = await new Promise<{frames: number}>((resolve) => subscribers.once('message', resolve))
    if (frames !== 10 * (warm + measured)) throw new Error(`the floor's 10 subscribers received ${frames} frames, expected ${10 * (warm + measured)}`)
    return {perSec: measured / secs, cpuUsPerPost: cpu / measured, frames}
  } finally {
    await subscribers.terminate()
    agent.destroy()
    await floorProc.close()
  }
}
