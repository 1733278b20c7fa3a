// One realistic session that calls every route the hub serves at least once, through real HTTP,
// and keeps each answer: the wire-answers suite checks them against @agora/protocol's ROUTES.
import type {Caller, TestHub} from './hub.js'
import {rawCall} from './hub.js'
import {fillWorkLists} from './route-tour-lists.js'
import {the} from '../../../../test/helpers/present.js'

/** One answered call: the route it exercised (`get /channels/{c}/info`), its status and its parsed body. */
export interface Visit {
  route: string
  method: string
  path: string
  status: number
  contentType: string
  body: unknown
}

const WS = 'github.com/acme/app@1a2b3c4d5e6f'

/**
 * The tour: an operator's hub with a room, a DM, a thread with asks and answers, the store, files,
 * attachments, leases, governance, onboarding, reputation, the work plane, the desk and the operator's
 * diagnostics, then the lifecycle routes that retire and delete a seat. Every call must succeed.
 */
export async function tourEveryRoute(h: TestHub, embeddingUrl: string, advanceClock: (seconds: number) => void): Promise<Visit[]> {
  const visits: Visit[] = []
  const go = async (who: Caller, route: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<any> => {
    const method = the(route.split(' '), 0).toUpperCase()
    const r = await who.call(method, path, body, headers)
    if (r.status < 200 || r.status >= 400) throw new Error(`${who.id}: ${route} (${method} ${path}) -> ${r.status} ${r.text.slice(0, 300)}`)
    visits.push({route, method, path, status: r.status, contentType: String(r.headers['content-type'] ?? ''), body: r.body})
    return r.body
  }
  const admin = h.admin
  const anyone = new (admin.constructor as typeof Caller)(h.url, 'anyone', null)

  await go(anyone, 'get /', '/')
  await go(anyone, 'get /healthz', '/healthz')
  await go(anyone, 'get /openapi.json', '/openapi.json')
  const reg = async (id: string, extra: Record<string, unknown> = {}): Promise<Caller> => {
    const b = await go(admin, 'post /agents', '/agents', {id, ...extra})
    return new (admin.constructor as typeof Caller)(h.url, id, b.api_key)
  }
  const olga = await reg('olga', {operator: true, about: 'runs the hub'})
  const alice = await reg('alice', {mission: 'build the parser'})
  const bob = await reg('bob')
  const rex = await reg('rex')
  await go(alice, 'get /whoami', '/whoami')
  await go(alice, 'get /charter', '/charter')
  await go(alice, 'put /me/about', '/me/about', {about: 'parser person'})

  // Channels and membership.
  await go(alice, 'post /channels', '/channels', {name: 'room', private: true})
  for (const who of [bob, olga, rex]) {
    const inv = await go(alice, 'post /channels/{c}/invites', '/channels/room/invites', {agent_id: who.id})
    await go(who, 'post /channels/{c}/join', '/channels/room/join', {invite_token: inv.invite_token})
  }
  await go(alice, 'get /channels', '/channels')
  await go(alice, 'get /channels/{c}/info', '/channels/room/info')
  await go(alice, 'get /channels/{c}/members', '/channels/room/members')
  await go(alice, 'post /dms/{peer}', '/dms/bob')
  await go(alice, 'post /dms/{peer}/messages', '/dms/bob/messages', {body: 'hi bob'})

  // A thread: a question with an ask, an answer, reads, a retraction, a resolved thread.
  const q = await go(alice, 'post /channels/{c}/messages', '/channels/room/messages',
    {status: 'open', title: 'which parser?', body: 'pick one', to: ['bob'], asks: [{id: '1', text: 'pick one', to: ['bob']}]})
  await go(bob, 'get /inbox', '/inbox')
  await go(bob, 'get /owed', '/owed')
  const answer = await go(bob, 'post /channels/{c}/messages', '/channels/room/messages', {status: 'reply', reply_to: q.id, body: 'the streaming one', answers: ['1']})
  await go(bob, 'post /inbox/ack', '/inbox/ack', {cursors: {room: answer.seq}})
  await go(bob, 'get /cursors', '/cursors')
  await go(alice, 'get /channels/{c}/messages', '/channels/room/messages?since=0&limit=50')
  await go(alice, 'get /channels/{c}/messages/by-seq/{n}', `/channels/room/messages/by-seq/${q.seq}`)
  await go(alice, 'get /channels/{c}/messages/{id}', `/channels/room/messages/${answer.id}`)
  await go(alice, 'get /channels/{c}/digest', '/channels/room/digest')
  await go(alice, 'get /channels/{c}/ledger', '/channels/room/ledger')
  const slip = await go(bob, 'post /channels/{c}/messages', '/channels/room/messages', {body: 'wrong room'})
  await go(bob, 'post /channels/{c}/messages/{id}/retract', `/channels/room/messages/${slip.id}/retract`)
  await go(alice, 'post /channels/{c}/messages/{id}/resolve_thread', `/channels/room/messages/${q.id}/resolve_thread`, {body: 'done'})
  const side = await go(bob, 'post /channels/{c}/messages', '/channels/room/messages', {status: 'open', title: 'side question'})
  await go(bob, 'post /channels/{c}/messages/{id}/retract_thread', `/channels/room/messages/${side.id}/retract_thread`)

  // Reputation and ratings.
  await go(alice, 'put /channels/{c}/reputation/{target}', '/channels/room/reputation/bob', {axis: 'helper', value: 1, note: 'fast answer'})
  await go(alice, 'get /channels/{c}/reputation/{target}/votes', '/channels/room/reputation/bob/votes')
  await go(alice, 'get /channels/{c}/reputation', '/channels/room/reputation')
  await go(alice, 'get /reputation', '/reputation')
  await go(alice, 'delete /channels/{c}/reputation/{target}', '/channels/room/reputation/bob?axis=helper')
  await go(alice, 'put /channels/{c}/messages/{id}/rating', `/channels/room/messages/${answer.id}/rating`, {value: 1})
  await go(alice, 'get /channels/{c}/messages/{id}/ratings', `/channels/room/messages/${answer.id}/ratings`)
  await go(alice, 'delete /channels/{c}/messages/{id}/rating', `/channels/room/messages/${answer.id}/rating`)

  // The store, files and attachments.
  await go(alice, 'put /channels/{c}/store/{key}', '/channels/room/store/plan:a', {value: {step: 1}})
  await go(alice, 'get /channels/{c}/store', '/channels/room/store')
  await go(bob, 'get /channels/{c}/store/{key}', '/channels/room/store/plan:a')
  await go(alice, 'put /channels/{c}/fs/{path}', '/channels/room/fs/notes/a.md', {content: '# a', description: 'notes'})
  await go(alice, 'put /channels/{c}/fs/{path}', '/channels/room/fs/charter.md', {content: '# room charter\n\nBe kind.'})
  await go(alice, 'put /channels/{c}/fs/{path}', '/channels/room/fs/logo.png', {content_b64: 'iVBORw0KGgo=', mime: 'image/png'})
  await go(alice, 'get /channels/{c}/fs', '/channels/room/fs')
  await go(bob, 'get /channels/{c}/fs/{path}', '/channels/room/fs/notes/a.md')
  await go(bob, 'get /channels/{c}/fshist/{path}', '/channels/room/fshist/notes/a.md')
  await go(bob, 'get /channels/{c}/charter', '/channels/room/charter')
  await go(alice, 'delete /channels/{c}/fs/{path}', '/channels/room/fs/notes/a.md')
  const blobReply = await rawCall(h.url, {method: 'POST', path: '/channels/room/attachments?filename=a.txt', key: alice.key, rawBody: 'hello', headers: {'content-type': 'text/plain'}})
  visits.push({route: 'post /channels/{c}/attachments', method: 'POST', path: '/channels/room/attachments', status: blobReply.status, contentType: String(blobReply.headers['content-type']), body: blobReply.body})
  const blob = blobReply.body as {id: string}
  await go(bob, 'get /channels/{c}/attachments/{id}', `/channels/room/attachments/${blob.id}`)

  // Leases.
  await go(bob, 'post /channels/{c}/leases', '/channels/room/leases', {workspace: WS, paths: ['src/api/**'], ttl_s: 600, note: 'auth refactor'})
  await go(alice, 'post /leases/check', '/leases/check', {workspace: WS, paths: ['src/api/auth.ts']})
  await go(bob, 'post /leases/renew', '/leases/renew', {workspace: WS, paths: ['src/api/**'], ttl_s: 900})
  await go(alice, 'get /leases', `/leases?workspace=${encodeURIComponent(WS)}`)
  await go(bob, 'post /leases/release', '/leases/release', {workspace: WS, paths: ['src/api/**']})

  // The work plane.
  await go(bob, 'put /channels/{c}/store/{key}', '/channels/room/store/claim:parser', {value: {owner: 'bob', status: 'working', work: 'parser-1'}})
  await go(bob, 'put /channels/{c}/store/{key}', '/channels/room/store/work:parser-1', {value: {status: 'planned', title: 'streaming parser'}})
  await go(olga, 'put /channels/{c}/store/{key}', '/channels/room/store/ruling:style', {value: {text: 'no force pushes'}})
  await go(bob, 'get /work/{item}', '/work/parser-1')
  await go(bob, 'get /channels/{c}/work', '/channels/room/work')
  await go(bob, 'post /channels/{c}/ruling-acks', '/channels/room/ruling-acks', {keys: ['ruling:style']})
  await go(bob, 'get /board', '/board')
  await fillWorkLists(go, reg, {alice, bob, olga}, advanceClock)
  await go(olga, 'get /desk', '/desk')
  await go(olga, 'get /supervise', '/supervise')
  await go(olga, 'get /channels/{c}/supervise', '/channels/room/supervise')
  await go(olga, 'get /channels/{c}/supervise', '/channels/radar/supervise')

  // Presence, colleagues, turn tokens, search.
  await go(bob, 'put /presence', '/presence', {state: 'working'})
  await go(alice, 'get /presence', '/presence')
  await go(alice, 'get /presence/{a}', '/presence/bob')
  await go(alice, 'put /colleagues/{subject}', '/colleagues/bob', {note: 'answers fast'})
  await go(alice, 'get /colleagues', '/colleagues')
  const turn = await go(alice, 'post /turn-tokens', '/turn-tokens', {turn_id: 'turn-1', ttl_seconds: 60})
  await go(alice, 'post /turn-tokens/redeem', '/turn-tokens/redeem', {token: turn.token, session_id: 'mcp-1'})
  await go(alice, 'delete /turn-tokens/{id}', `/turn-tokens/${turn.token_id}`)
  await go(alice, 'get /search', '/search?q=parser')
  await go(admin, 'put /admin/embedding', '/admin/embedding', {url: embeddingUrl, model: 'stub-embed-1'})
  await go(admin, 'get /admin/embedding', '/admin/embedding')
  await go(admin, 'get /admin/search/drift', '/admin/search/drift')
  await go(admin, 'post /admin/search/rebuild', '/admin/search/rebuild')
  await go(admin, 'delete /admin/embedding', '/admin/embedding')

  // Governance: rules, the hub charter, delegations, blocks, ownership, archive.
  await go(admin, 'put /admin/rules', '/admin/rules', {text: 'Be kind. Answer asks.'})
  await go(admin, 'get /admin/rules', '/admin/rules')
  await go(admin, 'put /admin/charter', '/admin/charter', {text: '# Hub charter\n\nAnswer what you are asked.'})
  await go(admin, 'get /admin/charter', '/admin/charter')
  await go(alice, 'get /charter', '/charter?full=true')
  await go(admin, 'get /admin/charter/receipts', '/admin/charter/receipts')
  await go(alice, 'get /charter/history', '/charter/history')
  await go(alice, 'get /charter/versions/{n}', '/charter/versions/1')
  await go(alice, 'get /channels/{c}/charter/receipts', '/channels/room/charter/receipts')
  await go(admin, 'put /admin/delegation', '/admin/delegation', {agent_id: 'rex', powers: ['reporting'], scope: 'room', mission: 'report to olga'})
  await go(admin, 'get /admin/delegations', '/admin/delegations')
  await go(rex, 'get /delegations', '/delegations')
  await go(admin, 'delete /admin/delegation/{a}', '/admin/delegation/rex')
  await go(admin, 'put /agents/{id}/role', '/agents/rex/role', {operator: false})
  await go(admin, 'put /admin/agents/{id}/mission', '/admin/agents/rex/mission', {mission: 'report to olga'})
  await go(olga, 'get /admin/missions', '/admin/missions')
  await go(olga, 'get /admin/missions/{id}', '/admin/missions/rex')
  await go(alice, 'get /agents', '/agents')
  await go(admin, 'post /hub/blocks', '/hub/blocks', {agent: 'rex', seconds: 60, reason: 'spam'})
  await go(alice, 'post /channels/{c}/blocks', '/channels/room/blocks', {agent: 'rex', seconds: 60, reason: 'noise'})
  await go(olga, 'get /blocks', '/blocks')
  await go(alice, 'delete /channels/{c}/blocks/{a}', '/channels/room/blocks/rex')
  await go(admin, 'delete /hub/blocks/{a}', '/hub/blocks/rex')
  await go(olga, 'post /groups', '/groups', {name: 'crew', members: ['alice', 'bob'], purpose: 'ship the parser', private: false})
  await go(alice, 'put /channels/{c}/owner', '/channels/room/owner', {to: 'bob'})
  await go(olga, 'post /channels/{c}/archive', '/channels/crew/archive')
  await go(olga, 'delete /channels/{c}/archive', '/channels/crew/archive')
  await go(alice, 'post /channels/{c}/leave', '/channels/room/leave')
  await go(admin, 'put /admin/pause', '/admin/pause', {reason: 'maintenance'})
  await go(admin, 'delete /admin/pause', '/admin/pause')

  // Onboarding, the desk, diagnostics.
  const jt = await go(admin, 'post /join-tokens', '/join-tokens', {about: 'a new helper', channels: ['crew'], max_uses: 2})
  await go(admin, 'get /join-tokens', '/join-tokens')
  await go(anyone, 'post /join', '/join', {token: jt.token, agent_id: 'newbie'})
  await go(admin, 'delete /join-tokens/{id}', `/join-tokens/${jt.token_id}`)
  const login = await go(alice, 'post /ui/login-tokens', '/ui/login-tokens')
  await go(anyone, 'post /ui/session', '/ui/session', {token: login.token}, {'x-agora-desk': '1'})
  await go(anyone, 'delete /ui/session', '/ui/session')
  await go(olga, 'get /status', '/status')
  await go(olga, 'get /stats/activity', '/stats/activity')
  await go(admin, 'get /admin/status', '/admin/status')
  await go(admin, 'get /admin/doctor', '/admin/doctor')
  await go(admin, 'get /admin/slow', '/admin/slow')
  await go(admin, 'get /admin/noise', '/admin/noise')
  await go(olga, 'get /debts', '/debts')

  // Lifecycle last: retire, list, unretire, delete.
  await go(admin, 'post /agents/{id}/retire', '/agents/rex/retire', {reason: 'done with the report'})
  await go(olga, 'get /agents/retired', '/agents/retired')
  await go(admin, 'delete /agents/{id}/retire', '/agents/rex/retire')
  await go(admin, 'post /agents/{id}/retire', '/agents/rex/retire', {})
  await go(admin, 'delete /agents/{id}', '/agents/rex')
  return visits
}
