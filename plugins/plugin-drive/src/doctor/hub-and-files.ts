import {existsSync, statSync} from 'node:fs'
import {join} from 'node:path'

import {AgoraClient} from '@agora/client'
import {adminKeyFor} from '@agora/command'
import {lookupKey} from '@agora/home'

export interface Check {name: string; ok: boolean; detail: string}

export interface HubSection {
  /** Null when no admin key for this hub is at hand (the hub's own checks need it). */
  doctor: {ok: boolean; checks: Check[]} | null
  status: {version: string; protocol: string; uptime_seconds: number; counts: Record<string, number>} | null
  seat: Check
  note: string | null
}

/** The hub's self-checks (admin key) and whether the hub accepts this seat's cached key. */
export async function hubSection(url: string, home: string, agent: string | null): Promise<HubSection> {
  const adminKey = adminKeyFor(home, url)
  let doctor: HubSection['doctor'] = null
  let status: HubSection['status'] = null
  let note: string | null = 'hub self-checks skipped: they need the admin key (run this on the hub machine, or set AGORA_ADMIN_KEY)'
  if (adminKey) {
    const admin = new AgoraClient({url, adminKey})
    try {
      ;[doctor, status] = await Promise.all([admin.request<NonNullable<HubSection['doctor']>>('GET', '/admin/doctor', {admin: true}),
        admin.request<NonNullable<HubSection['status']>>('GET', '/admin/status', {admin: true})])
      note = null
    } catch (error) {
      note = `hub self-checks failed: ${(error as Error).message}`
    }
  }
  return {doctor, status, seat: await seatKeyCheck(url, home, agent), note}
}

async function seatKeyCheck(url: string, home: string, agent: string | null): Promise<Check> {
  if (!agent) return {name: 'seat', ok: false, detail: 'no seat here: pass --as <id>, set AGORA_AGENT_ID, or run `agora setup <id>` in this folder'}
  const key = lookupKey(home, url, agent)
  if (!key) return {name: 'seat', ok: false, detail: `no key for ${agent} at ${url}; pipe it into \`agora seed-key ${agent}\` or ask the operator to run \`agora register ${agent}\``}
  try {
    const me = await new AgoraClient({url, apiKey: key}).whoami()
    return me.id === agent ? {name: 'seat', ok: true, detail: `the hub accepts ${agent}'s key${me.operator ? ' (operator)' : ''}`}
      : {name: 'seat', ok: false, detail: `the key cached for ${agent} belongs to ${me.id}; pipe the right key into \`agora seed-key ${agent}\``}
  } catch (error) {
    return {name: 'seat', ok: false, detail: `the hub refuses ${agent}'s key: ${(error as Error).message}`}
  }
}

/** AGORA_HOME 0700, keys.json and config.json 0600: a looser mode leaks keys to other local users. */
export function fileChecks(home: string): Check[] {
  const mode = (path: string): number | null => (existsSync(path) ? statSync(path).mode & 0o777 : null)
  const want = (name: string, path: string, expected: number): Check => {
    const m = mode(path)
    if (m === null) return {name, ok: true, detail: `${path} does not exist yet`}
    const ok = (m & ~expected) === 0
    return {name, ok, detail: ok ? `${path} is ${m.toString(8)}` : `${path} is ${m.toString(8)}; run chmod ${expected.toString(8)} ${path}`}
  }
  return [want('home', home, 0o700), want('keys.json', join(home, 'keys.json'), 0o600), want('config.json', join(home, 'config.json'), 0o600)]
}
