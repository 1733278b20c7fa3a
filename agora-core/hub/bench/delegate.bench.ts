// A reporting delegate's /owed and /inbox at 100k messages (a script, not a test): `npm run bench:delegate`.
// The delegate inherits the directives operators post (obligations/threads.ts inheritedThreads), found by
// sender through the messages_by_sender index (migration 0014); the baseline in the same run is the same
// database with that index dropped. Each read follows a post, so the answer memo cannot serve it.
import {mkdtempSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import Database from 'better-sqlite3'
import {createHub} from '@agora/hub'
import {appendFiller} from './rows.js'
const A = 'x'.repeat(40)
const db = join(mkdtempSync(join(tmpdir(), 'dlg-')), 'hub.db')
const open = () => createHub({db, host: '127.0.0.1', port: 0, adminKey: A, notifyDir: null, ratePerMinute: 1e6, writeRatePerMinute: 1e6})
let hub = await open()
const call = async (key: string, m: string, p: string, b?: unknown) => { const r = await fetch(hub.url + p, {method: m, headers: {authorization: 'Bearer ' + key, 'content-type': 'application/json'}, body: b === undefined ? undefined : JSON.stringify(b)}); const t = await r.text(); if (r.status >= 300) throw new Error(p + ' ' + t); return JSON.parse(t) }
const olga = (await call(A, 'POST', '/agents', {id: 'olga', operator: true})).api_key
const dana = (await call(A, 'POST', '/agents', {id: 'dana', mission: 'report'})).api_key
const pete = (await call(A, 'POST', '/agents', {id: 'pete'})).api_key
for (const room of ['r1', 'r2', 'r3']) { await call(olga, 'POST', '/channels', {name: room, private: false}); await call(dana, 'POST', `/channels/${room}/join`, {}); await call(pete, 'POST', `/channels/${room}/join`, {}) }
await call(A, 'PUT', '/admin/delegation', {agent_id: 'dana', powers: ['reporting'], ttl_seconds: 86400})
await hub.close()
appendFiller(db, ['r1', 'r2', 'r3'].map(channel => ({channel, senders: ['pete']})), 33_000)
hub = await open()
for (let i = 0; i < 30; i++) await call(olga, 'POST', `/channels/r${1 + (i % 3)}/messages`, {body: `directive ${i}`, status: 'fyi'})
await hub.close()
const withIdx: Record<string, number> = {}, without: Record<string, number> = {}
console.log(`reporting delegate in 3 rooms, ${99_000} filler messages + 30 operator directives; node ${process.version}`)
for (const withIndex of [true, false]) {
  if (!withIndex) { const d = new Database(db); d.exec('DROP INDEX IF EXISTS messages_by_sender'); d.close() }
  hub = await open()
  const ms: Record<string, number[]> = {'/owed': [], '/inbox': []}
  for (let i = 0; i < 40; i++) for (const p of ['/owed', '/inbox']) {
    await call(pete, 'POST', '/channels/r1/messages', {body: `churn ${i}`, status: 'open'}).catch(() => {})
    const t = performance.now(); await fetch(hub.url + p, {headers: {authorization: 'Bearer ' + dana}}).then(r => r.text()); ms[p].push(performance.now() - t)
  }
  for (const p of ['/owed', '/inbox']) {
    const s = ms[p].slice(5).sort((a, b) => a - b)
    const p50 = s[Math.floor(s.length / 2)]
    ;(withIndex ? withIdx : without)[p] = p50
    console.log(`${withIndex ? 'with messages_by_sender   ' : 'index dropped (baseline)  '} GET ${p.padEnd(6)} p50 ${p50.toFixed(1)} ms, max ${s[s.length - 1].toFixed(1)} ms (35 reads)`)
  }
  await hub.close()
}
for (const p of ['/owed', '/inbox']) console.log(`GET ${p} p50 with ÷ without the index: ${(withIdx[p] / without[p]).toFixed(3)}×`)
