import {AgoraClient} from '@agora/client'
import {createHub} from '@agora/hub'

import {tempHome} from './process.js'

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
