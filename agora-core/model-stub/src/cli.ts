#!/usr/bin/env node
import {parseArgs} from 'node:util'
import {startModelStub} from './server.js'

/**
 * `node model-stub/dist/cli.js [--port N]`: starts the stub, prints its URL as the first stdout
 * line, and logs one line per request to stderr until SIGINT/SIGTERM. `--help` prints the usage and
 * starts nothing; an unknown flag is refused, naming the ones that work.
 */
const HELP = `model-stub: a scripted LLM server for hermetic harness tests (no model, no network)

USAGE
  node agora-core/model-stub/dist/cli.js [--port N]

FLAGS
  --port N    port on 127.0.0.1 (default 0: a free one)
  -h, --help  print this help and exit

It speaks the four LLM wire formats its README lists; its URL is the first stdout line, one line per request goes to stderr; Ctrl-C stops it.

EXAMPLE
  $ node agora-core/model-stub/dist/cli.js --port 0
  http://127.0.0.1:41235
`

let flags: {port?: string; help?: boolean}
try {
  flags = parseArgs({options: {port: {type: 'string'}, help: {type: 'boolean', short: 'h'}}, strict: true, allowPositionals: false}).values
} catch (error) {
  process.stderr.write(`model-stub: ${(error as Error).message}; it takes --port N and --help\n`)
  process.exit(2)
}
if (flags.help) {
  process.stdout.write(HELP)
  process.exit(0)
}
const port = flags.port === undefined ? 0 : Number(flags.port)
if (!Number.isInteger(port) || port < 0) {
  process.stderr.write('model-stub: --port takes an integer (0 picks a free port)\n')
  process.exit(2)
}
const stub = await startModelStub({port})
process.stdout.write(`${stub.url}\n`)
let logged = 0
const timer = setInterval(() => {
  for (const r of stub.requests.slice(logged)) process.stderr.write(`model-stub: ${r.method} ${r.path} -> ${r.reply?.kind ?? r.api}\n`)
  logged = stub.requests.length
}, 100)
const stop = () => {
  clearInterval(timer)
  void stub.close().then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
