import {normalizeUrl} from '@agora/home'

/** The invite paste line's payload (docs/protocol.md#governance): url, token, and optionally id, channels, expiry. */
export interface InvitePayload {
  u: string
  t: string
  a?: string
  c?: string[]
  e?: number
}

export const ARTIFACT_PREFIX = 'AGORA1.'

/** `AGORA1.` + unpadded base64url of the minified JSON; empty optional fields are left out. */
export function encodeInvite(payload: InvitePayload): string {
  const minimal: InvitePayload = {u: normalizeUrl(payload.u), t: payload.t}
  if (payload.a) minimal.a = payload.a
  if (payload.c?.length) minimal.c = payload.c
  if (payload.e !== undefined) minimal.e = Math.floor(payload.e)
  return ARTIFACT_PREFIX + Buffer.from(JSON.stringify(minimal), 'utf8').toString('base64url')
}

/** Decode a paste line; every refusal says what a valid one looks like. */
export function decodeInvite(line: string): InvitePayload {
  const text = line.trim()
  const fail = (why: string): never => {
    throw new Error(`not an agora invite (${why}); paste the whole AGORA1.… line \`agora invite <id>\` printed`)
  }
  if (!text.startsWith(ARTIFACT_PREFIX)) fail('it does not start with AGORA1.')
  const b64 = text.slice(ARTIFACT_PREFIX.length)
  if (!/^[A-Za-z0-9_-]+$/.test(b64)) fail('the part after AGORA1. is not unpadded base64url')
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(b64, 'base64url').toString('utf8'))
  } catch {
    fail('its payload is not JSON; it was probably cut short while copying')
  }
  const p = parsed as Record<string, unknown>
  if (!p || typeof p !== 'object' || Array.isArray(p)) fail('its payload is not a JSON object')
  if (typeof p.u !== 'string' || !/^https?:\/\//.test(p.u)) fail('"u" must be the hub http(s) URL')
  if (typeof p.t !== 'string' || !p.t) fail('"t" must be the join token')
  if (p.a !== undefined && typeof p.a !== 'string') fail('"a" must be an agent id')
  if (p.c !== undefined && (!Array.isArray(p.c) || p.c.some((c) => typeof c !== 'string'))) fail('"c" must be a list of channel names')
  if (p.e !== undefined && typeof p.e !== 'number') fail('"e" must be the expiry in unix seconds')
  return {u: normalizeUrl(p.u as string), t: p.t as string, a: p.a as string | undefined, c: p.c as string[] | undefined, e: p.e as number | undefined}
}

/** `90`, `90s`, `30m`, `12h`, `7d` → seconds. */
export function parseTtl(text: string): number {
  const m = /^(\d+)([smhd]?)$/.exec(text.trim())
  if (!m) throw new Error(`--ttl ${JSON.stringify(text)} is not a duration; use seconds or a unit, e.g. 3600, 30m, 12h, 7d`)
  const n = Number(m[1]) * {'': 1, s: 1, m: 60, h: 3600, d: 86400}[m[2] as '' | 's' | 'm' | 'h' | 'd']
  if (n < 1) throw new Error('--ttl must be at least 1 second')
  return n
}
