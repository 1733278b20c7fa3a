import {seg} from '@agora/client'
import {z} from 'zod'

import {fenced} from '../fence.js'
import {when} from '../render.js'
import {guarded} from '../result.js'
import type {ToolContext} from './context.js'
import type {RouteAnswer, Whoami} from '@agora/protocol'

type ChannelReceipts = RouteAnswer<'get /channels/{c}/charter/receipts'>
interface CharterRow {scope: string; version: number; your_receipt: number | null; read_with: string; gated: boolean; reason: string}

/** charter_receipts (docs/protocol.md#governance): who has read a room's charter, or where this seat stands on every charter. */
export function registerCharterReceiptTools({server, hub}: ToolContext): void {
  server.registerTool('charter_receipts', {
    description: 'Shows charter delivery receipts. With channel: which members have read the current version of that room\'s ' +
      'charter (channel/charter.md). Without: your own standing — the hub charter version you last read and every charter ' +
      'you are behind on, with how to read it. Reading a charter (read_charter) is what records a receipt; this records nothing.',
    inputSchema: {channel: z.string().min(1).optional().describe('a channel name; omit for your own standing')},
  }, (args) => guarded(async () => {
    if (args.channel) {
      const r = await hub.request<ChannelReceipts>('GET', `/channels/${seg(args.channel)}/charter/receipts`)
      const behind = r.receipts.filter(x => !x.current).length
      return fenced(() => [`CHARTER RECEIPTS ${r.channel} (channel/charter.md v${r.version}): ${r.receipts.length - behind} current, ${behind} behind`,
        ...r.receipts.map(x => `  - ${x.agent} ${x.version === null ? 'never read' : `read v${x.version} at ${when(x.read_at as number)}`}${x.current ? ' (current)' : ' (behind)'}`)])
    }
    const me = await hub.request<Whoami>('GET', '/whoami')
    const owed = await hub.request<{charters: CharterRow[]}>('GET', '/owed')
    const p = me.hub_charter
    const lines = [`HUB CHARTER v${p.version}: your receipt ${p.your_receipt === null ? 'none' : `v${p.your_receipt}`}` +
      `${p.current ? (p.view_current ? ' (current)' : ' (current text, but your seat kinds changed: read it again)') : ' (behind)'}; view ${p.view.join(', ')}`]
    if (owed.charters.length === 0) lines.push('You are current on every charter.')
    for (const c of owed.charters) {
      lines.push(`BEHIND ${c.scope} v${c.version} (yours: ${c.your_receipt === null ? 'none' : `v${c.your_receipt}`}, ${c.reason})` +
        `${c.gated ? ' — posting there is refused until you read it' : ''}; read with ${c.read_with}`)
    }
    return fenced(() => lines)
  }))
}
