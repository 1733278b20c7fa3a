import {createHub} from '../../src/index.js'
import type {Hub, HubOptions} from '../../src/index.js'

export interface Reply {
  status: number
  body: any
  text: string
}

/** A scratch hub on 127.0.0.1:0 with a :memory: database and a generous rate limit. */
export async function scratchHub(extra: Partial<HubOptions> = {}): Promise<Hub> {
  return createHub({db: ':memory:', port: 0, adminKey: 'admin-secret', ratePerMinute: 60000, ...extra})
}

export async function call(hub: Hub, method: string, path: string, key?: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const res = await fetch(hub.url + path, {
    method,
    headers: {...(key ? {authorization: `Bearer ${key}`} : {}), ...(body !== undefined ? {'content-type': 'application/json'} : {}), ...headers},
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await res.text()
  let parsed: unknown = null
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = null
  }
  return {status: res.status, body: parsed, text}
}

/** Register seats and return their keys. */
export async function seats(hub: Hub, ...ids: string[]): Promise<Record<string, string>> {
  const keys: Record<string, string> = {}
  for (const id of ids) {
    const r = await call(hub, 'POST', '/agents', hub.adminKey, {id})
    if (r.status !== 200) throw new Error(`register ${id}: ${r.status} ${r.text}`)
    keys[id] = r.body.api_key
  }
  return keys
}

/** Owner creates a private room and invites + joins each member. */
export async function room(hub: Hub, keys: Record<string, string>, name: string, owner: string, members: string[]): Promise<void> {
  const c = await call(hub, 'POST', '/channels', keys[owner], {name})
  if (c.status !== 200) throw new Error(`create ${name}: ${c.text}`)
  for (const m of members) {
    const inv = await call(hub, 'POST', `/channels/${encodeURIComponent(name)}/invites`, keys[owner], {agent_id: m})
    const j = await call(hub, 'POST', `/channels/${encodeURIComponent(name)}/join`, keys[m], {invite_token: inv.body.invite_token})
    if (j.status !== 200) throw new Error(`join ${name} as ${m}: ${j.text}`)
  }
}
