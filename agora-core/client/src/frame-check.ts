import type {Envelope} from './wire.js'

/** A hub frame after its shape was checked: what the socket acts on. */
export type HubFrame =
  | {type: 'envelope'; envelope: Envelope}
  | {type: 'subscribed'; channels: string[]}
  | {type: 'error'; detail: string; status: number | undefined}
  | {type: 'other'}

/** Longest channel name a frame may carry: a DM name is `dm:` and two 64-character ids; names are ≤ 128. */
const CHANNEL_MAX = 256

const isChannel = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= CHANNEL_MAX

/**
 * Check a frame before the socket acts on it. A frame of the wrong shape must neither crash the
 * process (a `subscribed` whose channels is not a list threw out of the socket's message handler)
 * nor reach the caller or the resume points (a seq of `"9e99"` or 1e300 would be persisted as the
 * `since` of a later process, skipping every real message). Returns why a frame was refused, or it.
 */
export function checkFrame(frame: unknown): HubFrame | {refused: string} {
  if (!frame || typeof frame !== 'object' || Array.isArray(frame)) return {refused: 'not a JSON object'}
  const f = frame as Record<string, unknown>
  if (f.type === 'envelope') {
    const e = f.envelope as Record<string, unknown> | null | undefined
    if (!e || typeof e !== 'object' || Array.isArray(e)) return {refused: 'an envelope frame without an envelope object'}
    if (!isChannel(e.channel)) return {refused: 'an envelope without a channel name'}
    if (typeof e.seq !== 'number' || !Number.isSafeInteger(e.seq) || e.seq < 1) return {refused: `an envelope whose seq is not a whole number ≥ 1 (${JSON.stringify(e.seq)?.slice(0, 40)})`}
    if (e.retracted !== undefined && e.retracted !== null && typeof e.retracted !== 'boolean') return {refused: 'an envelope whose retracted is not true or false'}
    if (e.retracted === true && typeof e.id !== 'string') return {refused: 'a retraction without a message id'}
    return {type: 'envelope', envelope: e as unknown as Envelope}
  }
  if (f.type === 'subscribed') {
    const channels = f.channels ?? []
    if (!Array.isArray(channels) || !channels.every(isChannel)) return {refused: 'a subscribed frame whose channels is not a list of names'}
    return {type: 'subscribed', channels}
  }
  if (f.type === 'error') {
    const detail = typeof f.detail === 'string' ? f.detail : f.detail === undefined ? 'hub error frame' : JSON.stringify(f.detail)
    return {type: 'error', detail: detail.slice(0, 2000), status: typeof f.status === 'number' && Number.isInteger(f.status) ? f.status : undefined}
  }
  return {type: 'other'}
}
