import {createHub} from '@agora/hub'

import {AgoraClient} from '../../src/client.js'

export const ADMIN_KEY = 'client-test-admin-0123456789abcdef'

export type RunningHub = Awaited<ReturnType<typeof createHub>>

/** A real hub on 127.0.0.1:0 over an in-memory SQLite database, notify files off. */
export async function startHub(options: {toCloseMinAge?: number; ratePerMinute?: number} = {}): Promise<RunningHub> {
  return createHub({adminKey: ADMIN_KEY, db: ':memory:', host: '127.0.0.1', notifyDir: null, port: 0, ratePerMinute: 6000, voteSweepMs: 3_600_000, ...options})
}

/** Register a seat and return a client speaking as it. */
export async function seat(url: string, id: string): Promise<AgoraClient> {
  const admin = new AgoraClient({adminKey: ADMIN_KEY, url})
  const {api_key} = await admin.registerAgent({id})
  return new AgoraClient({apiKey: api_key, url})
}

/** Poll a condition without asserting on time: resolves when true, rejects after `tries`. */
export async function eventually(check: () => boolean, what: string, tries = 400): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (check()) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`gave up waiting for ${what}`)
}
