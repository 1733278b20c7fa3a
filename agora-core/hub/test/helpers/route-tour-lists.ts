// The part of the route tour that gives the list-valued answers live items: a second room whose SLA is a few
// milliseconds, so the desk (to_answer, to_close, waiting_on_you, queue) and the radar (dark_seats, stuck_rows,
// unowned, escalated) each hold at least one row, and rows of every search hit kind (message, decision: row,
// work row, file, seat) for the tour's `parser` search. An empty list would pass any item schema.
import type {Caller} from './hub.js'

type Go = (who: Caller, route: string, path: string, body?: unknown) => Promise<any>

export async function fillWorkLists(go: Go, reg: (id: string, extra?: Record<string, unknown>) => Promise<Caller>, seats: {alice: Caller; bob: Caller; olga: Caller},
  advanceClock: (seconds: number) => void): Promise<void> {
  const {alice, bob, olga} = seats
  // quinn joins, then the hub clock moves past the active window, so quinn is offline (a dark seat) while the
  // others call again; otto is a second operator, whose reply settles olga's question
  const quinn = await reg('quinn')
  const otto = await reg('otto', {operator: true})
  await go(alice, 'post /channels', '/channels', {name: 'radar', private: true})
  for (const who of [bob, olga, quinn, otto]) {
    const inv = await go(alice, 'post /channels/{c}/invites', '/channels/radar/invites', {agent_id: who.id})
    await go(who, 'post /channels/{c}/join', '/channels/radar/join', {invite_token: inv.invite_token})
  }
  advanceClock(3600)
  // 0.001 minutes: every open thread here is past its SLA a moment after it is posted
  await go(alice, 'put /channels/{c}/store/{key}', '/channels/radar/store/channel:meta', {value: {response_sla_minutes: 0.001}})
  // olga owes an answer (to_answer); quinn, offline, owes one past the SLA (escalated, dark_seats)
  await go(alice, 'post /channels/{c}/messages', '/channels/radar/messages',
    {status: 'open', title: 'sign off the parser release?', to: ['olga'], asks: [{id: '1', text: 'sign off the release', to: ['olga']}]})
  await go(alice, 'post /channels/{c}/messages', '/channels/radar/messages',
    {status: 'open', title: 'quinn, where is the report?', to: ['quinn'], asks: [{id: '1', text: 'where is the report', to: ['quinn']}]})
  // olga's own question, settled by another operator: hers to close (to_close)
  const mine = await go(olga, 'post /channels/{c}/messages', '/channels/radar/messages', {status: 'open', title: 'who owns CI?'})
  await go(otto, 'post /channels/{c}/messages', '/channels/radar/messages', {status: 'reply', reply_to: mine.id, body: 'bob does'})
  // a question addressed to nobody (unowned)
  await go(bob, 'post /channels/{c}/messages', '/channels/radar/messages', {status: 'open', title: 'anyone know the deploy key?'})
  // a thread resolved by its answer: a message hit among the decisions
  const choice = await go(alice, 'post /channels/{c}/messages', '/channels/radar/messages', {status: 'open', title: 'which parser for the release?'})
  await go(bob, 'post /channels/{c}/messages', '/channels/radar/messages', {status: 'resolved', reply_to: choice.id, body: 'the streaming parser'})
  // a claim waiting on olga (waiting_on_you, stuck_rows), an operator's queue row, a decision row and a file for search
  await go(bob, 'put /channels/{c}/store/{key}', '/channels/radar/store/claim:ci', {value: {owner: 'bob', status: 'blocked', needs_from: ['olga']}})
  await go(olga, 'put /channels/{c}/store/{key}', '/channels/radar/store/queue:review', {value: {title: 'review the parser PR'}})
  await go(alice, 'put /channels/{c}/store/{key}', '/channels/radar/store/decision:parser', {value: {text: 'ship the streaming parser'}})
  await go(alice, 'put /channels/{c}/fs/{path}', '/channels/radar/fs/parser-notes.md', {content: 'parser notes: stream, do not buffer'})
  await new Promise((done) => setTimeout(done, 150))
}
