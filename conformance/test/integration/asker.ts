import type {World} from './environment.js'
import {the} from '../../../test/helpers/present.js'

const headers = (key: string) => ({authorization: `Bearer ${key}`, 'content-type': 'application/json'})

export type Asker = <T>(method: string, path: string, body?: unknown) => Promise<T>

/** Registers a seat `asker` on the world's hub and returns a caller acting as it. */
export async function registerAsker(world: World): Promise<Asker> {
  const res = await fetch(`${world.hub.url}/agents`, {method: 'POST', headers: headers(the(world.env, 'AGORA_ADMIN_KEY')), body: JSON.stringify({id: 'asker', about: 'asks questions'})})
  const {api_key: askerKey} = (await res.json()) as {api_key: string}
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const reply = await fetch(world.hub.url + path, {method, headers: headers(askerKey), body: body === undefined ? undefined : JSON.stringify(body)})
    const text = await reply.text()
    if (!reply.ok) throw new Error(`${method} ${path} → ${reply.status}: ${text}`)
    return JSON.parse(text) as T
  }
}
