import {AgoraAnswerError} from './answer-error.js'

/** The hub's agent id rule (lowercase ASCII, 1–64, no leading or trailing `-`/`_`); `--` is the DM separator. */
export const SEAT_ID_RE = /^[a-z0-9](?:[a-z0-9_-]{0,62}[a-z0-9])?$/

/** An API key as it may be cached and sent in a header: printable ASCII, no spaces, 8–512 characters. */
export const API_KEY_RE = /^[\x21-\x7e]{8,512}$/

interface Where {
  url: string
  method: string
  path: string
  /** The seat id the request asked for; the answer must name the same one. */
  wantedId?: string | undefined
}

/**
 * Check a `{agent: {id, …}, api_key}` answer (POST /agents, POST /join) before anyone caches the key:
 * a peer that is not a well-behaved hub must not get a key written under a seat nobody asked for,
 * or a "key" holding newlines or a megabyte of text. Throws AgoraAnswerError naming what was wrong.
 */
export function checkSeatAnswer<T>(answer: unknown, where: Where): T {
  const refuse = (what: string): never => {
    throw new AgoraAnswerError(where.url, where.method, where.path, what)
  }
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return refuse('no {agent, api_key} object')
  const {agent, api_key: key} = answer as {agent?: unknown; api_key?: unknown}
  const id = agent && typeof agent === 'object' ? (agent as {id?: unknown}).id : undefined
  if (typeof id !== 'string' || !SEAT_ID_RE.test(id) || id.includes('--')) return refuse(`no valid agent.id (got ${JSON.stringify(id)?.slice(0, 80) ?? 'nothing'})`)
  if (where.wantedId !== undefined && id !== where.wantedId) return refuse(`the seat '${id}' where '${where.wantedId}' was asked for`)
  if (typeof key !== 'string' || !API_KEY_RE.test(key)) return refuse('no well-formed api_key (printable ASCII without spaces, 8–512 characters)')
  return answer as T
}
