/**
 * Reception latency with debounce 0, against a real hub on loopback:
 *  - post → AGORA_WAKE for a persistent `agora listen` (file source: the hub's notify file; ws source: the socket);
 *  - post → turn spawned (`turn-start`) for `agora drive` with the scripted fixture harness.
 * Run: npm run bench:wake   (WAKE_BENCH_N / WAKE_BENCH_TURNS override the sample sizes)
 */
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {dirname, resolve} from 'node:path'

import {httpHub} from '../src/hub-port.js'
import {runListen} from '../src/listen/run-listen.js'
import {openWsSource} from '../src/listen/ws-source.js'
import {runDrive} from '../src/drive/run-drive.js'
import {fixtureHarness, openWorld} from '../test/helpers/world.js'
import type {World} from '../test/helpers/world.js'

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
const N = Number(process.env.WAKE_BENCH_N ?? 60)
const TURNS = Number(process.env.WAKE_BENCH_TURNS ?? 20)

const pct = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}
const fmt = (ms: number): string => `${ms.toFixed(1)} ms`

/** Resolves the next time `predicate` matches a line pushed through `feed`. */
function lineWaiter() {
  let waiting: {predicate: (l: string) => boolean; resolve: (t: number) => void} | null = null
  return {
    feed(line: string) {
      if (waiting && waiting.predicate(line)) {
        const w = waiting
        waiting = null
        w.resolve(performance.now())
      }
    },
    next(predicate: (l: string) => boolean): Promise<number> {
      return new Promise((resolve) => (waiting = {predicate, resolve}))
    },
  }
}

async function listenLatency(source: 'file' | 'ws'): Promise<number[]> {
  const world: World = await openWorld({notify: source === 'file', ratePerMinute: 100_000})
  await world.alice.call('POST', '/dms/bob/messages', {status: 'fyi', title: 'open the dm', body: '.'})
  const controller = new AbortController()
  const waiter = lineWaiter()
  const armed = waiter.next((l) => l.startsWith('AGORA_LISTEN armed'))
  const running = runListen(
    {agentId: 'bob', url: world.hub.url, home: world.home, source, once: false, importantOnly: false, maxWaitS: null, debounceS: 0, heartbeatS: 3600},
    {out: (l) => waiter.feed(l), err: () => {}, hub: httpHub({url: world.hub.url, agentId: 'bob', home: world.home}), openWs: openWsSource, signal: controller.signal},
  )
  await armed
  const samples: number[] = []
  for (let i = 0; i < N; i++) {
    const woke = waiter.next((l) => l.startsWith('AGORA_WAKE'))
    const t0 = performance.now()
    await world.alice.call('POST', '/dms/bob/messages', {status: 'fyi', title: `ping ${i}`, body: 'bench'})
    samples.push((await woke) - t0)
    if (process.env.WAKE_BENCH_DEBUG) console.error(source, i, samples.at(-1))
    await new Promise((r) => setTimeout(r, 20 + Math.random() * 80))
  }
  controller.abort()
  await running
  await world.close()
  return samples
}

async function driveLatency(): Promise<number[]> {
  const world = await openWorld({ratePerMinute: 100_000})
  await world.alice.call('POST', '/dms/bob/messages', {status: 'fyi', title: 'open the dm', body: '.'})
  const waiter = lineWaiter()
  const controller = new AbortController()
  const armed = waiter.next((l) => l.startsWith('AGORA_DRIVE state=armed'))
  const running = runDrive(
    {maxWait: 600, debounce: 0, turnBudget: 1000, workBudget: 0, receptionTimeout: 60, workTimeout: 60, sessionRotate: 25, turnLog: false, once: false, maxTurns: TURNS},
    {cwd: world.workspace, home: world.home, env: world.env, found: [await fixtureHarness()], out: (l) => { if (process.env.WAKE_BENCH_DEBUG) console.error(l); waiter.feed(l) }, err: () => {}, agoraScript: join(REPO, 'bin/run.js'), signal: controller.signal},
  )
  await armed
  const samples: number[] = []
  for (let i = 0; i < TURNS; i++) {
    const started = waiter.next((l) => l.startsWith('AGORA_DRIVE turn-start'))
    const t0 = performance.now()
    await world.alice.call('POST', '/dms/bob/messages', {status: 'open', title: `question ${i}`, body: '?', asks: [{id: 'q1', text: '?', to: ['bob']}]})
    samples.push((await started) - t0)
    if (i < TURNS - 1) await waiter.next((l) => l.startsWith('AGORA_DRIVE state=armed'))
  }
  await running
  await world.close()
  return samples
}

const rows: Array<[string, number[]]> = [
  ['post → AGORA_WAKE, listen --source file (notify file watched, 0.5 s poll floor)', await listenLatency('file')],
  ['post → AGORA_WAKE, listen --source ws', await listenLatency('ws')],
  ['post → turn spawned, drive (file source, scripted harness)', await driveLatency()],
]
console.log(`wake latency, debounce 0, loopback hub, node ${process.version}, ${new Date().toISOString()}`)
console.log('| path | n | p50 | p99 | max |')
console.log('|---|---|---|---|---|')
for (const [name, samples] of rows) console.log(`| ${name} | ${samples.length} | ${fmt(pct(samples, 50))} | ${fmt(pct(samples, 99))} | ${fmt(Math.max(...samples))} |`)
