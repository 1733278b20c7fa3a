import type {Ctx} from './context.js'
import {fail, sanitize} from './context.js'
import {isDm} from './channels.js'
import {postSystem} from './messages.js'
import {endPause, hubState, startPause} from './pause.js'
import {sweepVotes} from './votes.js'

function announce(ctx: Ctx, body: string): void {
  for (const ch of ctx.cache.channels.values()) {
    if (!isDm(ch.name) && ch.archived_at == null) postSystem(ctx, ch.name, body)
  }
}

/** PUT /admin/pause (docs/protocol.md#governance): idempotent; the first pause posts a system fyi into every room. */
export function pauseHub(ctx: Ctx, reason: string, by: string): Record<string, unknown> {
  const text = sanitize(reason)
  if (text.length > 200) fail(400, `pause reason is ${text.length} characters; the limit is 200`)
  const wasOpen = hubState(ctx).state === 'open'
  ctx.q.tx(() => {
    startPause(ctx, text, by)
    if (wasOpen) announce(ctx, `hub paused by ${by}${text ? ` — ${text}` : ''}; writes wait until it resumes`)
  })
  return hubState(ctx)
}

/** DELETE /admin/pause: resume, announce, and publish any vote that fell due during the pause. */
export function resumeHub(ctx: Ctx, by: string): Record<string, unknown> {
  ctx.q.tx(() => {
    if (endPause(ctx)) announce(ctx, `hub resumed by ${by}`)
  })
  sweepVotes(ctx)
  return {state: 'open'}
}
