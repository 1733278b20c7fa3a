import type {AgoraClient} from '@agora/client'
import {AgoraHttpError} from '@agora/client'

/** A bare seq is resolved through by-seq, or through history where the hub has no by-seq route. */
export async function messageId(client: AgoraClient, channel: string, ref: string): Promise<string> {
  const seqMatch = /^#?(\d+)$/.exec(ref)
  if (!seqMatch) return ref
  const seq = Number(seqMatch[1])
  try {
    return (await client.messageBySeq(channel, seq)).id
  } catch (error) {
    if (!(error instanceof AgoraHttpError) || error.status !== 404) throw error
    const [row] = await client.history(channel, {limit: 1, since: seq - 1})
    if (row?.seq === seq) return row.id
    throw error
  }
}
