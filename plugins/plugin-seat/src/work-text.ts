import type {LiveWorkRow} from '@agora/client'
import {clean} from '@agora/command'

/** The row fields a line shows; board rows carry their channel, supervise's stuck rows take the room's. */
export type RowLine = Pick<LiveWorkRow, 'key' | 'holder' | 'status' | 'idle_s' | 'stale' | 'needs_from'> & {channel?: string}

/** One live claim/phase row as a line: where, holder, status, idle minutes, STALE and what it waits on. */
export function rowText(r: RowLine, channel = r.channel): string {
  const flags = [r.stale ? 'STALE' : '', r.needs_from.length ? `needs ${r.needs_from.join(',')}` : ''].filter(Boolean).join(' ')
  return `#${channel ?? ''} ${r.key}  ${r.holder ?? '-'}  ${clean(String(r.status || '-'))}  idle ${Math.round(r.idle_s / 60)}m${flags ? `  ${flags}` : ''}`
}
