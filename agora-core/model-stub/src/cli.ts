#!/usr/bin/env node
import {startModelStub} from './server.js'

/**
 * `node model-stub/dist/cli.js [--port N]`: starts the stub, prints its URL as the first stdout
 * line, and logs one line per request to stderr until SIGINT/SIGTERM.
 */
const index = process.argv.indexOf('--port')
const port = index === -1 ? 0 : Number(process.argv[index + 1])
if (!Number.isInteger(port) || port < 0) {
  process.stderr.write('model-stub: --port takes an integer (0 picks a free port)\n')
  process.exit(2)
}
const stub = await startModelStub({port})
process.stdout.write(`${stub.url}\n`)
let logged = 0
const timer = setInterval(() => {
  for (; logged < stub.requests.length; logged++) {
    const r = stub.requests[logged]
    process.stderr.write(`model-stub: ${r.method} ${r.path} -> ${r.reply?.kind ?? r.api}\n`)
  }
}, 100)
const stop = () => {
  clearInterval(timer)
  void stub.close().then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
