import type {Ctx} from '../kernel/index.js'
import {fail} from '../kernel/index.js'
import type {StoredMessage} from './messages.js'
import {getBySeq, getMessage} from './messages.js'

/**
 * A message named in a channel by its id or by its seq (`12` or `#12`, the human citation form):
 * ULIDs are 26 characters, so a run of digits is never mistaken for one. 404 when it is not there.
 */
export async function findMessage(ctx: Ctx, channel: string, ref: string): Promise<StoredMessage> {
  const seq = /^#?(\d{1,15})$/.exec(ref)
  const m = seq ? await getBySeq(ctx, channel, Number(seq[1])) : await getMessage(ctx, ref)
  if (!m || m.channel !== channel) fail(404, `no message '${ref}' in '${channel}'; name it by id or by seq (#N) as history shows it`)
  return m
}
