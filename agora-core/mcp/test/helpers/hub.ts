import {AgoraClient} from '@agora/client'
import {createHub} from '@agora/hub'
import {cacheKey} from '@agora/home'

import type {Client} from '@modelcontextprotocol/sdk/client/index.js'

import {bindingEnv, connectSeat, tempHome} from './process.js'

export const ADMIN_KEY = 'test-admin-key-0123456789abcdef'

/** A real hub on 127.0.0.1:0 whose clock a test can move forward, plus seats with cached keys. */
export interface TestHub {
  url: string
  home: string
  keys: Record<string, string>
  advance(seconds: number): void
  sweepVotes(): Promise<unknown>
  close(): Promise<void>
}

export async function startHub(seats: string[]): Promise<TestHub> {
  let offset = 0
  const hub = await createHub({
    db: ':memory:', host: '127.0.0.1', port: 0, adminKey: ADMIN_KEY, notifyDir: null, ratePerMinute: 6000,
    toCloseMinAge: 0, voteSweepMs: 3_600_000, now: () => Date.now() / 1000 + offset,
  })
  const admin = new AgoraClient({url: hub.url, adminKey: ADMIN_KEY})
  const keys: Record<string, string> = {}
  for (const id of seats) {
    const created = await admin.registerAgent({id, about: `${id} is a test seat`, mission: `${id}'s mission: ship the parser`})
    keys[`${hub.url}::${id}`] = created.api_key
  }
  return {
    url: hub.url,
    home: tempHome({keys}),
    keys,
    advance: (seconds) => { offset += seconds },
    sweepVotes: async () => hub.sweepVotes(),
    close: async () => hub.close(),
  }
}

/** An agora-mcp process connected as `id` on this hub (its key is in the hub's key cache), optionally run in `cwd`. */
export function seatOn(hub: TestHub, id: string, cwd?: string): Promise<Client> {
  return connectSeat(bindingEnv({AGORA_HOME: hub.home, AGORA_URL: hub.url, AGORA_AGENT_ID: id}), cwd)
}

/** Register an operator seat and cache its key where agora-mcp looks for it. */
export async function addOperator(hub: TestHub, id: string): Promise<void> {
  const made = await new AgoraClient({url: hub.url, adminKey: ADMIN_KEY}).registerAgent({id, operator: true})
  cacheKey(hub.home, hub.url, id, made.api_key)
}
