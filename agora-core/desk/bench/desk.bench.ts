// Desk benchmark (a script, not a test): `npm run bench:desk`. A real `agora up` with 200 seats and
// 100k messages in 20 channels, the built desk in Debian's headless Chromium. Prints first render
// (navigation start → the first view drawn from live data; then every history folded in) against
// the API floor (the same requests from node, no browser), and post → appear (POST sent → the debt row in the page's DOM,
// which the desk draws after re-reading GET /debts on the push) against a
// raw WebSocket subscriber receiving the same post. Alternates the measured pairs; loopback only.
// `--screenshots` also writes docs/desk/{seats,debts,channels,ledgers,harness}.png from this hub.
import {mkdirSync} from 'node:fs'
import {cpus, loadavg} from 'node:os'
import {join} from 'node:path'
import {WebSocket} from 'ws'
import {agoraUp, buildAll, hubCall, launchBrowser, REPO} from '../test/browser/fixture.js'
import type {Up} from '../test/browser/fixture.js'
import {appendHistory} from './seed.js'

const SEATS = 200, CHANNELS = 20, PER_CHANNEL = 5000, MEMBERS = 10, RENDERS = 7, POSTS = 40
const screenshots = process.argv.includes('--screenshots')

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!
}
const fmt = (xs: number[]): string => `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`

async function seed(): Promise<{up: Up; keys: Map<string, string>; rooms: Array<{name: string; members: string[]}>}> {
  let up = await agoraUp()
  const keys = new Map<string, string>()
  keys.set('desk', (await hubCall(up.url, up.adminKey, 'POST', '/agents', {id: 'desk', operator: true, about: 'the operator desk'})).api_key)
  for (let i = 0; i < SEATS - 1; i++) {
    const id = `seat-${String(i).padStart(3, '0')}`
    keys.set(id, (await hubCall(up.url, up.adminKey, 'POST', '/agents', {id})).api_key)
  }
  const seats = [...keys.keys()].filter(k => k !== 'desk')
  const rooms: Array<{name: string; members: string[]}> = []
  for (let c = 0; c < CHANNELS; c++) {
    const name = ['ops', 'build', 'design', 'release', 'support', 'infra', 'docs', 'qa', 'data', 'mobile'][c % 10] + (c >= 10 ? '-2' : '')
    await hubCall(up.url, keys.get('desk')!, 'POST', '/channels', {name})
    const members = seats.slice((c * MEMBERS) % seats.length, (c * MEMBERS) % seats.length + MEMBERS)
    for (const m of members) {
      const inv = await hubCall(up.url, keys.get('desk')!, 'POST', `/channels/${name}/invites`, {agent_id: m})
      await hubCall(up.url, keys.get(m)!, 'POST', `/channels/${name}/join`, {invite_token: inv.invite_token})
    }
    rooms.push({name, members})
  }
  await up.stop()
  const t0 = Date.now()
  const rows = appendHistory(join(up.home, 'agora.db'), rooms.map(r => ({channel: r.name, senders: r.members})), PER_CHANNEL, Date.now() / 1000)
  process.stderr.write(`seeded ${rows} messages in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`)
  up = await agoraUp(up.home)
  return {up, keys, rooms}
}

/** The requests the desk makes before its first render, from node: the floor a browser cannot beat. */
async function apiFloor(up: Up, key: string): Promise<number> {
  const t0 = performance.now()
  await Promise.all(['/whoami', '/agents', '/presence'].map(p => hubCall(up.url, key, 'GET', p)))
  const channels = (await hubCall(up.url, key, 'GET', '/channels')) as Array<{name: string; member: boolean; last_seq: number}>
  await Promise.all(channels.filter(c => c.member).map(c => hubCall(up.url, key, 'GET',
    `/channels/${encodeURIComponent(c.name)}/messages?since=${Math.max(0, c.last_seq - 200)}&limit=200`)))
  await Promise.all([hubCall(up.url, key, 'GET', '/channels/commons/store'), hubCall(up.url, key, 'GET', '/debts')])
  return performance.now() - t0
}

/** One `GET /debts` from node: the hub-wide debt list the desk re-reads after each push. */
async function debtsRead(up: Up, key: string): Promise<number> {
  const t0 = performance.now()
  await hubCall(up.url, key, 'GET', '/debts')
  return performance.now() - t0
}

async function main(): Promise<void> {
  process.stderr.write('building the desk and the CLI…\n')
  await buildAll()
  const {up, keys, rooms} = await seed()
  const deskKey = keys.get('desk')!
  try {
    // Twenty seats online (armed), some debts open across the rooms.
    const online = await Promise.all([...keys.entries()].filter(([k]) => k !== 'desk').slice(0, 20).map(([, key]) =>
      new Promise<WebSocket>(ok => {
        const ws = new WebSocket(`${up.url.replace('http', 'ws')}/ws`, {headers: {authorization: `Bearer ${key}`}})
        ws.once('open', () => ok(ws))
      })))
    for (let i = 0; i < 12; i++) {
      const room = rooms[i % rooms.length]!
      const [from, to] = [room.members[0]!, room.members[1 + (i % (room.members.length - 1))]!]
      await hubCall(up.url, keys.get(from)!, 'POST', `/channels/${room.name}/messages`, {body: `question ${i}`, title: `can you check item ${i}?`, status: 'open', to: [to]})
    }
    await hubCall(up.url, keys.get('seat-000')!, 'PUT', `/channels/commons/store/${encodeURIComponent('harness-check:pi:seat-000')}`, {value: {
      harness: 'pi', verdict: 'DRIVABLE', probes: ['C0', 'C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8', 'C9', 'C10'].map((id, n) => ({id, status: n === 9 ? 'SKIP' : n === 5 ? 'WARN' : 'PASS'}))}})
    await hubCall(up.url, keys.get('seat-010')!, 'PUT', `/channels/commons/store/${encodeURIComponent('harness-check:codex:seat-010')}`, {value: {
      harness: 'codex', verdict: 'NOT DRIVABLE', probes: ['C0', 'C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8', 'C9', 'C10'].map((id, n) => ({id, status: n === 7 ? 'FAIL' : n === 9 ? 'SKIP' : 'PASS'}))}})

    const browser = await launchBrowser()
    const context = await browser.newContext({viewport: {width: 1280, height: 800}})
    const minted = await hubCall(up.url, up.adminKey, 'POST', '/ui/login-tokens', {seat: 'desk'})
    const login = await context.newPage()
    await login.goto(up.url + minted.path)
    await login.waitForSelector('body[data-ready="1"]')
    await login.close()

    const renders: number[] = [], completes: number[] = [], floors: number[] = [], debtReads: number[] = []
    for (let i = 0; i < RENDERS; i++) {
      floors.push(await apiFloor(up, deskKey))
      debtReads.push(await debtsRead(up, deskKey))
      const page = await context.newPage()
      await page.goto(`${up.url}/ui/#seats`)
      await page.waitForSelector('body[data-complete="1"]', {timeout: 60_000})
      // The page's own marks, in ms since its navigation started: no driver round trip in the figure.
      const [ready, complete] = await page.evaluate(() => ['desk-ready', 'desk-complete'].map(n => performance.getEntriesByName(n)[0]!.startTime))
      renders.push(ready!)
      completes.push(complete!)
      await page.close()
    }

    // post → appear: the debt row in the DOM, timed by the page's own clock (Date.now, the same wall clock as this process).
    const page = await context.newPage()
    await page.goto(`${up.url}/ui/#debts`)
    await page.waitForSelector('body[data-ready="1"]')
    await page.waitForSelector('.who .conn-live')
    await page.evaluate(() => {
      const seen = new Map<string, number>()
      ;(globalThis as {deskSeen?: Map<string, number>}).deskSeen = seen
      new MutationObserver(records => {
        const at = Date.now()
        for (const r of records) for (const n of r.addedNodes) {
          const id = (n as {dataset?: {debt?: string}}).dataset?.debt
          if (id && !seen.has(id)) seen.set(id, at)
        }
      }).observe((globalThis as unknown as {document: {body: object}}).document.body as never, {childList: true, subtree: true})
    })
    const room = rooms[0]!
    const [asker, answerer, watcher] = room.members
    const pushed = new Map<string, number>()
    const raw = new WebSocket(`${up.url.replace('http', 'ws')}/ws`, {headers: {authorization: `Bearer ${keys.get(watcher!)!}`}})
    raw.on('message', d => {
      const f = JSON.parse(String(d)) as {type: string; envelope?: {id: string}}
      if (f.type === 'envelope' && f.envelope) pushed.set(f.envelope.id, Date.now())
    })
    await new Promise(ok => raw.once('open', ok))
    const appear: number[] = [], push: number[] = []
    for (let i = 0; i < POSTS; i++) {
      const sent = Date.now()
      const m = await hubCall(up.url, keys.get(asker!)!, 'POST', `/channels/${room.name}/messages`, {body: `bench ask ${i}`, status: 'open', to: [answerer]})
      const at = await page.waitForFunction(id => (globalThis as {deskSeen?: Map<string, number>}).deskSeen!.get(id), m.id, {polling: 'raf'})
      appear.push((await at.jsonValue()) as number - sent)
      while (!pushed.has(m.id)) await new Promise(ok => setTimeout(ok, 2))
      push.push(pushed.get(m.id)! - sent)
      await hubCall(up.url, keys.get(answerer!)!, 'POST', `/channels/${room.name}/messages`, {body: 'done', status: 'reply', reply_to: m.id})
    }
    raw.close()

    if (screenshots) {
      const dir = join(REPO, 'docs/desk')
      mkdirSync(dir, {recursive: true})
      for (const v of ['seats', 'debts', 'channels', 'ledgers', 'harness']) {
        await page.click(`[data-nav="${v}"]`)
        await page.waitForSelector(`#view-${v}`)
        if (v === 'ledgers') await page.waitForFunction(() => !(globalThis as unknown as {document: {body: {textContent: string}}}).document.body.textContent.includes('verifying'), null, {timeout: 60_000})
        await page.waitForTimeout(300)
        await page.screenshot({path: join(dir, `${v}.png`)})
      }
      process.stderr.write(`screenshots written to ${dir}\n`)
    }
    await browser.close()
    for (const ws of online) ws.close()

    const load = loadavg()[0]!.toFixed(2)
    console.log(`desk bench: ${SEATS} seats, ${CHANNELS * PER_CHANNEL} messages in ${CHANNELS} channels (desk in all of them), ${cpus().length} cores, load ${load}`)
    console.log(`first render (navigation → first view drawn), ${RENDERS} runs: ${fmt(renders)}`)
    console.log(`  every channel's history folded in (debts, charts complete): ${fmt(completes)}`)
    console.log(`  API floor (all of those requests from node, no browser):  ${fmt(floors)}`)
    console.log(`  ratio complete / API floor (p50): ${(pct(completes, 50) / pct(floors, 50)).toFixed(2)}`)
    console.log(`GET /debts from node (every seat's /owed, hub-wide), ${RENDERS} reads: ${fmt(debtReads)}`)
    console.log(`post → debt row in the DOM (push, then a GET /debts re-read), ${POSTS} posts: ${fmt(appear)}`)
    console.log(`  post → raw WebSocket envelope (baseline):  ${fmt(push)}`)
    console.log(`  ratio appear / raw push (p50): ${(pct(appear, 50) / Math.max(0.1, pct(push, 50))).toFixed(2)}`)
    console.log(`goals: first render < 1000 ms (${pct(renders, 95) < 1000 ? 'met' : 'MISSED'} at p95), post → appear < 100 ms (${pct(appear, 95) < 100 ? 'met' : 'MISSED'} at p95)`)
  } finally {
    await up.stop()
  }
}

await main()
