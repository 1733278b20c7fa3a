import type {AgoraClient} from '@agora/client'
import {AgoraHttpError} from '@agora/client'

/**
 * A message named the ways a person names one: its id, `42` or `#42` in `channel`, or `ops#42` in any
 * channel (the forms `--consumes` takes). A bare seq is resolved through by-seq, or through history where
 * the hub has no by-seq route. Without a channel to read it in, a bare seq is refused with the form to use.
 */
export async function resolveMessageRef(client: AgoraClient, channel: string | undefined, ref: string, flag = 'the reference'): Promise<string> {
  const qualified = /^([^#\s]+)#(\d+)$/.exec(ref)
  const bare = /^#?(\d+)$/.exec(ref)
  if (!qualified && !bare) return ref
  const where = qualified ? qualified[1] : channel
  if (!where) throw new Error(`${flag} "${ref}" names a seq without its channel: write it as <channel>#${bare![1]} or pass the message id`)
  const seq = Number(qualified ? qualified[2] : bare![1])
  try {
    return (await client.messageBySeq(where, seq)).id
  } catch (error) {
    if (!(error instanceof AgoraHttpError) || error.status !== 404) throw error
    const [row] = await client.history(where, {limit: 1, since: seq - 1})
    if (row?.seq === seq) return row.id
    throw error
  }
}
