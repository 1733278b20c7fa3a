import {existsSync} from 'node:fs'

import {findWorkspace, lookupKey} from '@agora/home'

import type {HubPort, LeaseRow} from '../hub-port.js'
import {readLedger} from '../hook/ledger.js'
import {pidAlive, readPidFile} from '../pidfile.js'
import {seatFiles} from '../seat-files.js'

export interface ProcessStatus {
  pid: number | null
  alive: boolean
  /** When the process last touched its pidfile (its heartbeat), ISO time. */
  lastHeartbeat: string | null
}

export interface SeatStatus {
  agent: string
  hub: {url: string; reachable: boolean}
  keyCached: boolean
  notifyFile: boolean
  listener: ProcessStatus
  driver: ProcessStatus
  /** Last time each hook event fired (ISO), null when it never did. */
  hooks: Record<'SessionStart' | 'UserPromptSubmit' | 'PostToolUse' | 'Stop', string | null>
  owed: {to_answer: number; to_consume: number; to_close: number} | null
  /** Live leases on the repository this folder is in (null outside git or when the hub cannot say). */
  leases: {workspace: string; live: LeaseRow[]} | null
  /** One line each, teaching the fix. */
  problems: string[]
}

const iso = (ms: number): string => new Date(ms).toISOString()

function processStatus(path: string): ProcessStatus {
  const record = readPidFile(path)
  if (!record) return {pid: null, alive: false, lastHeartbeat: null}
  return {pid: record.pid, alive: pidAlive(record.pid), lastHeartbeat: iso(record.mtimeMs)}
}

/** Reception health of one seat from its files under AGORA_HOME and two hub calls. */
export async function seatStatus(agent: string, url: string, home: string, hub: HubPort, cwd = process.cwd()): Promise<SeatStatus> {
  const files = seatFiles(home, agent)
  const keyCached = lookupKey(home, url, agent) !== undefined
  const reachable = await hub.healthz()
  let owed: SeatStatus['owed'] = null
  if (reachable && keyCached) {
    try {
      const report = await hub.owed()
      const close = (report as {to_close?: unknown[]}).to_close
      owed = {to_answer: report.to_answer?.length ?? 0, to_consume: report.to_consume?.length ?? 0, to_close: Array.isArray(close) ? close.length : 0}
    } catch {
      owed = null
    }
  }
  let leases: SeatStatus['leases'] = null
  const repo = findWorkspace(cwd)
  if (repo && reachable && keyCached && hub.leases) {
    try {
      leases = {workspace: repo.id, live: (await hub.leases(repo.id)).leases}
    } catch {
      leases = null
    }
  }
  const events = readLedger(files.hookState).events
  const fired = (name: string): string | null => (events[name] ? iso(events[name] * 1000) : null)
  const status: SeatStatus = {
    agent, hub: {url, reachable}, keyCached, notifyFile: existsSync(files.notify),
    listener: processStatus(files.listenPid), driver: processStatus(files.drivePid),
    hooks: {SessionStart: fired('SessionStart'), UserPromptSubmit: fired('UserPromptSubmit'), PostToolUse: fired('PostToolUse'), Stop: fired('Stop')},
    owed, leases, problems: [],
  }
  if (!reachable) status.problems.push(`hub ${url} is not answering; start it with \`agora up\` or fix the url in .agora/seat.json`)
  if (!keyCached) status.problems.push(`no key for ${agent} at ${url} in keys.json; run \`agora setup ${agent}\` here or pipe its key into \`agora seed-key ${agent}\``)
  if (!status.listener.alive && !status.driver.alive) status.problems.push(`nothing is listening for ${agent}: run \`agora drive\` here, or arm \`agora listen\` in the seat's session`)
  if (status.listener.pid !== null && !status.listener.alive) status.problems.push(`listen-${agent}.pid names pid ${status.listener.pid}, which is dead; the next \`agora listen\` takes over`)
  if (status.driver.pid !== null && !status.driver.alive) status.problems.push(`drive-${agent}.pid names pid ${status.driver.pid}, which is dead; re-run \`agora drive\``)
  return status
}

export function renderStatus(status: SeatStatus): string[] {
  const proc = (p: ProcessStatus): string => (p.pid === null ? 'none' : `pid ${p.pid} ${p.alive ? 'alive' : 'DEAD'}, last heartbeat ${p.lastHeartbeat}`)
  const hooks = Object.entries(status.hooks).map(([event, at]) => `${event} ${at ?? 'NEVER FIRED'}`).join('; ')
  const owed = status.owed ? `to_answer ${status.owed.to_answer} · to_consume ${status.owed.to_consume} · to_close ${status.owed.to_close}` : 'unknown'
  return [
    `seat     ${status.agent}`,
    `hub      ${status.hub.url} ${status.hub.reachable ? 'reachable' : 'UNREACHABLE'}`,
    `key      ${status.keyCached ? 'cached' : 'MISSING'}`,
    `notify   ${status.notifyFile ? 'file present' : 'no notify file (listen uses the socket)'}`,
    `listener ${proc(status.listener)}`,
    `driver   ${proc(status.driver)}`,
    `hooks    ${hooks}`,
    `owed     ${owed}`,
    ...leaseLines(status),
    ...status.problems.map((p) => `problem  ${p}`),
  ]
}

const clock = (s: number): string => new Date(s * 1000).toISOString().slice(11, 16)

/** One line per live lease, the seat's own marked; another seat's exclusive lease is where this seat's writes stop. */
function leaseLines(status: SeatStatus): string[] {
  if (!status.leases) return []
  const {workspace, live} = status.leases
  const head = `leases   ${workspace}: ${live.length} live`
  return [head, ...live.map((l) => {
    const whose = l.holder === status.agent ? 'yours' : l.mode === 'exclusive' ? 'writes here are refused' : 'shared'
    return `         ${l.path} ${l.mode} ${l.holder} until ${clock(l.expires_at)} UTC${l.channel ? ` #${l.channel}` : ''} (${whose})`
  })]
}
