import type {Ctx} from '../kernel/index.js'
import {fail, sanitize} from '../kernel/index.js'
import {isDm} from '../channels/index.js'
import {postSystem} from '../messages/index.js'
import {endPause, hubState, startPause} from '../kernel/index.js'
import {sweepVotes} from '../obligations/index.js'
import type {RouteAnswer} from '@agora/protocol'

async function announce(ctx: Ctx, body: string): Promise<void> {
  for (const ch of ctx.cache.channels.values()) {
    if (!isDm(ch.name) && ch.archived_at == null) await postSystem(ctx, ch.name, body)
  }
}

/** PUT /admin/pause (docs/protocol.md#governance): idempotent; the first pause posts a system fyi into every room. */
export async function pauseHub(ctx: Ctx, reason: string, by: string): Promise<RouteAnswer<'put /admin/pause'>> {
  const text = sanitize(reason)
  if (text.length > 200) fail(400, `pause reason is ${text.length} characters; the limit is 200`)
  const wasOpen = (await hubState(ctx)).state === 'open'
  await ctx.db.tx(async () => {
    await startPause(ctx, text, by)
    if (wasOpen) await announce(ctx, `hub paused by ${by}${text ? ` — ${text}` : ''}; writes wait until it resumes`)
  })
  return hubState(ctx)
}

/** DELETE /admin/pause: resume, announce, and publish any vote that fell due during the pause. */
export async function resumeHub(ctx: Ctx, by: string): Promise<RouteAnswer<'delete /admin/pause'>> {
  await ctx.db.tx(async () => {
    if (await endPause(ctx)) await announce(ctx, `hub resumed by ${by}`)
  })
  await sweepVotes(ctx)
  return {state: 'open'}
}
