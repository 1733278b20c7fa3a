import type {DeskChannel} from '../state/types.js'
import {call, enc} from './api.js'

/** Where `agora harness-check --report-to-hub` puts a report: commons store key `harness-check:<harness>:<seat>`. */
export const REPORT_PREFIX = 'harness-check:'
export const PROBES = ['C0', 'C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8', 'C9', 'C10']

export interface HarnessReport {
  harness: string
  seat: string
  verdict: string
  at: number
  probes: Record<string, string>
}

export async function harnessReports(channels: Map<string, DeskChannel>): Promise<HarnessReport[]> {
  if (!channels.get('commons')?.member) return []
  const keys = await call<Array<{key: string; updated_at: number}>>('GET', '/channels/commons/store')
  const out: HarnessReport[] = []
  for (const k of keys.filter(k => k.key.startsWith(REPORT_PREFIX))) {
    const [, harness = '?', seat = '?'] = k.key.split(':')
    const entry = await call<{value: {verdict?: string; probes?: Array<{id: string; status: string}>}}>('GET',
      `/channels/commons/store/${enc(k.key)}`)
    const probes: Record<string, string> = {}
    for (const p of entry.value?.probes ?? []) probes[p.id] = p.status
    out.push({harness, seat, verdict: String(entry.value?.verdict ?? '?'), at: k.updated_at, probes})
  }
  return out
}
