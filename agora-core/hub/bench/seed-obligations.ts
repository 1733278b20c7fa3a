/**
 * The debts both hub benches seed for the measured seat in every room: asks (half answered), addressed opens,
 * directives and answers to consume. `post` sends one message as `who`; the count of posts sent is returned.
 */
export const MEASURED = 'measured'
export const PEERS = ['peer-0', 'peer-1', 'peer-2', 'peer-3', 'peer-4']
export const ROOMS = ['ops', 'build', 'design', 'release', 'support']

type Post = (who: string, room: string, msg: unknown) => Promise<{id: string}>

/** The i-th peer, wrapping around (the parity test imports this file, so it compiles under noUncheckedIndexedAccess). */
const peer = (i: number): string => PEERS[i % PEERS.length]!

export async function seedObligations(send: Post): Promise<number> {
  let n = 0
  const post: Post = (who, room, msg) => { n++; return send(who, room, msg) }
  for (const room of ROOMS) {
    for (let i = 0; i < 40; i++) {
      const asker = peer(i)
      const q = await post(asker, room, {title: `question ${i}`, body: `two asks ${i}`, status: 'open',
        data: {asks: [{id: '1', text: 'measured: can you check?', to: [MEASURED]}, {id: '2', text: 'and you?', to: [peer(i + 1)]}]}})
      if (i % 2 === 0) await post(MEASURED, room, {status: 'reply', reply_to: q.id, body: 'checked', data: {answers: ['1']}})
    }
    for (let i = 0; i < 20; i++) await post(peer(i), room, {title: `need you ${i}`, body: 'please take this', status: 'open', to: [MEASURED]})
    const seed = await post(peer(0), room, {body: 'context for directives', status: 'fyi'})
    for (let i = 0; i < 20; i++) await post(peer(1), room, {body: `measured: also do ${i}`, status: 'reply', reply_to: seed.id, to: [MEASURED]})
    for (let i = 0; i < 20; i++) {
      const mine = await post(MEASURED, room, {title: `my question ${i}`, body: 'eta?', status: 'open', data: {asks: [{id: '1', text: 'eta?', to: [peer(2)]}]}})
      await post(peer(2), room, {status: 'reply', reply_to: mine.id, body: 'tomorrow', data: {answers: ['1']}})
    }
  }
  return n
}
