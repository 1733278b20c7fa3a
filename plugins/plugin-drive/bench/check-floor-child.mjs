// The floor under the lease check (`bench:lease`): a bare node:http server that reads a POST's JSON body and
// answers a lease-check-sized JSON — no auth, routing, database or matching. Whatever latency the bench
// measures against it is this machine's cost of one loopback HTTP exchange, the part no hub code can remove.
// Forked with IPC; answers 'cpu' and 'close'.
import {createServer} from 'node:http'

const server = createServer((req, res) => {
  const chunks = []
  req.on('data', (c) => chunks.push(c))
  req.on('end', () => {
    const {workspace, paths} = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    const held = paths.some((p) => p.startsWith('src/api/'))
    const text = JSON.stringify({workspace, clear: !held, conflicts: held ? [{path: 'src/api/**', holder: 'peer-a', mode: 'exclusive', expires_at: 0}] : []})
    res.writeHead(200, {'content-type': 'application/json', 'content-length': Buffer.byteLength(text)})
    res.end(text)
  })
})
server.listen(0, '127.0.0.1', () => process.send({type: 'ready', url: `http://127.0.0.1:${server.address().port}`}))
process.on('message', (m) => {
  if (m === 'cpu') { const c = process.cpuUsage(); process.send({type: 'cpu', us: c.user + c.system}) }
  if (m === 'close') { server.close(); process.send({type: 'closed'}, () => process.exit(0)) }
})
process.on('disconnect', () => process.exit(0))
