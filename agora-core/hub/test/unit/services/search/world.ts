import {type Caller, TestHub} from '../../../helpers/hub.js'

/**
 * The search suites' world: alice and bob share `room`, carol alone holds `secret`. Every post moves the
 * injected clock one second and every search two, so recency ties never decide an order by accident.
 */
export interface SearchWorld {
  h: TestHub
  alice: Caller
  bob: Caller
  carol: Caller
  post(who: Caller, channel: string, msg: Record<string, unknown>): Promise<any>
  search(who: Caller, query: string): Promise<any>
  advance(seconds: number): void
}

export async function searchWorld(): Promise<SearchWorld> {
  let clock = 1_800_000_000
  const h = await TestHub.start({now: () => clock})
  const alice = await h.register('alice')
  const bob = await h.register('bob')
  const carol = await h.register('carol')
  await h.channel(alice, 'room', [bob])
  await h.channel(carol, 'secret', [])
  return {
    h, alice, bob, carol,
    post: async (who, channel, msg) => { clock += 1; return who.postMessage(channel, msg) },
    search: async (who, query) => { clock += 2; return who.ok('GET', `/search?${query}`) },
    advance: seconds => { clock += seconds },
  }
}
