import {AgoraArgumentError, AgoraHttpError, AgoraUnreachableError} from '@agora/client'
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js'

/** A refusal made here, before anything reaches the hub, in the hub's shape (status + teaching detail). */
export class HubError extends Error {
  constructor(readonly status: number, readonly detail: unknown, readonly fix?: string) {
    super(typeof detail === 'string' ? detail : JSON.stringify(detail))
  }
}

const FIXES: Record<number, string> = {
  0: 'the hub is unreachable: check AGORA_URL and that the hub is running (agora up), then retry',
  400: 'correct the arguments as the detail explains, then retry',
  401: 'this seat key is not accepted by the hub: the operator must mint or import a key (agora register / agora seed-key)',
  403: 'you lack membership or authority here: join the channel (join_channel) or ask its owner for an invite',
  404: 'check the channel, message, key or path name (list_channels, read_channel, store_list, fs_list)',
  409: 'the state changed or the act is not allowed now: re-read the current state and retry with the current version',
  410: 'that identity was deleted and cannot be used',
  413: 'the content is over the size cap: shorten it or split it',
  422: 'an argument is outside the allowed range: correct it as the detail explains',
  423: 'the hub is paused by its operator: wait, then retry',
  429: 'you are over a rate limit or budget: wait for the time in the detail, then retry',
}

export function ok(text: string): CallToolResult {
  return {content: [{type: 'text', text}]}
}

function classify(error: unknown): {status: number; detail: unknown; fix?: string} {
  if (error instanceof HubError) return {status: error.status, detail: error.detail, fix: error.fix}
  if (error instanceof AgoraHttpError) return {status: error.status, detail: error.detail}
  if (error instanceof AgoraUnreachableError) return {status: 0, detail: error.message}
  if (error instanceof AgoraArgumentError) return {status: error.status, detail: error.message}
  return {status: 500, detail: error instanceof Error ? error.message : String(error)}
}

/** The loud failure every harness adapter detects: JSON with ok:false, never a protocol error. */
export function failure(error: unknown): CallToolResult {
  const {status, detail, fix} = classify(error)
  const why = fix || FIXES[status] || 'report this failure to the operator; retrying the same call is unlikely to help'
  const action = `REQUEST FAILED — nothing was posted or changed; ${why}`
  return {isError: true, content: [{type: 'text', text: JSON.stringify({ok: false, error: status, detail, action})}]}
}

/** Runs a tool body and turns every failure into a tool result. */
export async function guarded(body: () => Promise<string>): Promise<CallToolResult> {
  try {
    return ok(await body())
  } catch (error) {
    return failure(error)
  }
}
