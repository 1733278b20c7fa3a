import {clean} from '@agora/command'

type Obj = Record<string, any>

/** One live claim/phase row as a line: where, holder, status, idle minutes, STALE and what it waits on. */
export function rowText(r: Obj, channel = r.channel): string {
  const flags = [r.stale ? 'STALE' : '', r.needs_from?.length ? `needs ${r.needs_from.join(',')}` : ''].filter(Boolean).join(' ')
  return `#${channel} ${r.key}  ${r.holder ?? '-'}  ${clean(String(r.status || '-'))}  idle ${Math.round((r.idle_s ?? 0) / 60)}m${flags ? `  ${flags}` : ''}`
}

export type {Obj}
