import {AgoraClient, AgoraSocket} from '@agora/client'
import {lookupKey} from '@agora/home'

import type {NotifyEvent} from './notify-line.js'
import type {ListenOptions} from './run-listen.js'
import type {EventSource} from './source.js'

interface EnvelopeLike {
  channel: string
  seq: number
  sender: string
  id: string
  kind?: string
  status?: string
  title?: string
  retracted?: boolean
  critical?: boolean
  escalated?: boolean
  to_me?: boolean
  reply_to_me?: boolean
  addressed?: boolean
  from_operator?: boolean
}

/** The same flags the hub writes in a notify line, derived from a pushed envelope. */
export function envelopeEvent(envelope: EnvelopeLike): NotifyEvent {
  const status = envelope.status ?? ''
  const ask = status === 'open' || status === 'blocked'
  const flags: string[] = []
  if (envelope.critical) flags.push('critical')
  if (envelope.escalated) flags.push('escalated')
  if (envelope.to_me) flags.push('to-me')
  if (envelope.reply_to_me) flags.push('reply-to-me')
  if (envelope.addressed) flags.push('addressed')
  if (envelope.from_operator) flags.push('from-operator')
  if (ask && !envelope.addressed && !envelope.from_operator) flags.push('unassigned')
  if (envelope.retracted) flags.push('retracted')
  if (ask) flags.push(status)
  return {
    channel: envelope.channel, seq: envelope.seq, sender: envelope.sender, id: envelope.id, kind: envelope.kind ?? 'message',
    status, title: envelope.title ?? '', retracted: envelope.retracted === true, flags: new Set(flags), attachments: 0,
  }
}

/** Subscribe seeded at each member channel's last_seq: no replay, only what lands from now on. */
export async function openWsSource(options: ListenOptions): Promise<EventSource> {
  const apiKey = lookupKey(options.home, options.url, options.agentId)
  if (!apiKey) throw new Error(`no key cached for ${options.agentId} at ${options.url}; fix ~/.agora/keys.json or run \`agora setup ${options.agentId}\``)
  const client = new AgoraClient({url: options.url, apiKey, timeoutMs: 10_000})
  const channels = (await client.listChannels()).filter((row) => row.member)
  const since = Object.fromEntries(channels.map((row) => [row.name, row.last_seq ?? 0]))
  const socket = new AgoraSocket({client, channels: Object.keys(since), since, backoff: {initialMs: 500, maxMs: 5000}})
  const queue: NotifyEvent[] = []
  let wake: (() => void) | undefined
  socket.on('envelope', (envelope) => {
    queue.push(envelopeEvent(envelope as unknown as EnvelopeLike))
    wake?.()
  })
  socket.on('error', () => {})
  await socket.connect()
  return {
    kind: 'ws',
    async next(waitMs) {
      if (queue.length === 0 && waitMs > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs)
          wake = () => {
            clearTimeout(timer)
            resolve()
          }
        })
        wake = undefined
      }
      return queue.splice(0)
    },
    checkpoint() {},
    close: () => socket.close(),
  }
}
