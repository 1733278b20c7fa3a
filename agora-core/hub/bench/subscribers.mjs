// The bench's 10 WS subscribers during the sequential POST phase, on their own thread: real
// subscribers are other processes, so their frame handling must not queue behind the poster's
// event loop. Counts envelope frames so the bench can check every push arrived.
import {parentPort, workerData} from 'node:worker_threads'
import {WebSocket} from 'ws'

const {url, keys} = workerData
let frames = 0
const sockets = await Promise.all(keys.map((key) => new Promise((resolve, reject) => {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws?token=${key}`)
  ws.on('message', (d) => { if (d.includes('"type":"envelope"')) frames++ })
  ws.once('open', () => resolve(ws))
  ws.once('error', reject)
})))
parentPort.postMessage({type: 'ready'})
parentPort.on('message', (m) => {
  if (m !== 'report') return
  // Let frames still in flight land before counting.
  setTimeout(() => {
    parentPort.postMessage({type: 'report', frames})
    for (const ws of sockets) ws.close()
  }, 200)
})
