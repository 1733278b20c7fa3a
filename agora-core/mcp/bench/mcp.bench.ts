// npm run bench:mcp — whoami round trip through a real stdio agora-mcp, and its cold start.
// The server runs as users run it: `node bin/agora-mcp.js` on the compiled dist (built first).
import {execFileSync} from 'node:child_process'
import {chmodSync, mkdtempSync, writeFileSync} from 'node:fs'
import {cpus, tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {performance} from 'node:perf_hooks'

import {AgoraClient} from '@agora/client'
import {createHub} from '@agora/hub'
import {Client} from '@modelcontextprotocol/sdk/client/index.js'
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')
const CALLS = Number(process.env.BENCH_CALLS ?? 500)
const STARTS = Number(process.env.BENCH_STARTS ?? 9)
const ADMIN_KEY = 'bench-admin-key-0123456789abcdef'

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
const ms = (value: number): string => `${value.toFixed(2)} ms`

execFileSync('npx', ['tsc', '-b', 'agora-core/mcp'], {cwd: ROOT, stdio: 'inherit'})
const hub = await createHub({db: ':memory:', host: '127.0.0.1', port: 0, adminKey: ADMIN_KEY, notifyDir: null})
const created = await new AgoraClient({url: hub.url, adminKey: ADMIN_KEY}).registerAgent({id: 'bench'})
const home = mkdtempSync(join(tmpdir(), 'agora-mcp-bench-'))
chmodSync(home, 0o700)
writeFileSync(join(home, 'keys.json'), JSON.stringify({[`${hub.url}::bench`]: created.api_key}), {mode: 0o600})
const env = {PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', AGORA_HOME: home, AGORA_URL: hub.url, AGORA_AGENT_ID: 'bench'}

async function start(): Promise<Client> {
  const client = new Client({name: 'bench', version: '0.0.0'})
  await client.connect(new StdioClientTransport({command: process.execPath, args: [join(ROOT, 'bin', 'agora-mcp.js')], env, stderr: 'inherit'}))
  return client
}

async function whoami(client: Client): Promise<void> {
  const result = await client.callTool({name: 'whoami', arguments: {}})
  if (result.isError) throw new Error(`whoami failed: ${JSON.stringify(result.content)}`)
}

const starts: number[] = []
for (let i = 0; i < STARTS; i++) {
  const t0 = performance.now()
  const client = await start()
  await whoami(client)
  starts.push(performance.now() - t0)
  await client.close()
}

const client = await start()
for (let i = 0; i < 20; i++) await whoami(client)
const trips: number[] = []
for (let i = 0; i < CALLS; i++) {
  const t0 = performance.now()
  await whoami(client)
  trips.push(performance.now() - t0)
}
await client.close()
await hub.close()

trips.sort((a, b) => a - b)
starts.sort((a, b) => a - b)
console.log(`agora-mcp bench — Node ${process.versions.node}, ${cpus().length} cores`)
console.log(`whoami round trip (stdio → hub → stdio), ${CALLS} calls: p50 ${ms(quantile(trips, 0.5))} · p99 ${ms(quantile(trips, 0.99))} · max ${ms(trips[trips.length - 1])}`)
console.log(`cold start to first whoami result, ${STARTS} runs: median ${ms(quantile(starts, 0.5))} · min ${ms(starts[0])} · max ${ms(starts[starts.length - 1])}`)
