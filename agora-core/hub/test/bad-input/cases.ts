// The malformed-request table. Statuses follow the error conventions: request-schema violations (wrong
// JSON type, bad enum, unparseable JSON, limit>1000, wait>55) are 422 with a detail list;
// teaching refusals 400; membership 403; unknown things 404; CAS/duplicates 409; size 413.
// NaN/Infinity are 400 because the reference refuses them after parsing, not as a schema error.
// Unknown body fields are refused (422), never dropped: the reference refuses them on posts
// (its test_post_payload_strictness.py) and a silently dropped knob is a lie to the caller.

import {CHANNEL_NAME_MAX, GROUP_MEMBERS_MAX, JSON_ARRAY_MAX, JSON_DEPTH_MAX, PATH_MAX} from '../../src/limits.js'

export type Who = 'alice' | 'bob' | 'carol' | 'admin' | 'none' | 'junk'
export interface Row {
  name: string
  as: Who
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  body?: unknown
  raw?: string | Buffer
  headers?: Record<string, string>
  status: number
}
export interface Ctx {
  q: {id: string; seq: number}      // alice's open in room, ask "1" to bob
  plain: {id: string}               // alice's open in room without asks
  other: {id: string}               // a message in channel `other`
}

const x = (n: number) => 'x'.repeat(n)
/** A lone high surrogate: not Unicode text, though JS strings and JSON escapes can carry it. */
const LONE = '\ud800'
/** `{"a":{"a":…1…}}` with `levels` objects inside the one that holds it (levels + 1 deep as `data`). */
const nest = (levels: number): unknown => {
  let v: unknown = 1
  for (let i = 0; i < levels; i++) v = {a: v}
  return v
}
const KIB = 1024

export function rows(c: Ctx): Row[] {
  const post = (name: string, body: unknown, status: number, as: Who = 'bob'): Row =>
    ({name: `post: ${name}`, as, method: 'POST', path: '/channels/room/messages', body, status})
  const rawPost = (name: string, raw: string | Buffer, status: number): Row =>
    ({name: `post: ${name}`, as: 'bob', method: 'POST', path: '/channels/room/messages', raw, status})
  const agent = (name: string, body: unknown, status: number, as: Who = 'admin'): Row =>
    ({name: `agents: ${name}`, as, method: 'POST', path: '/agents', body, status})
  const chan = (name: string, body: unknown, status: number): Row =>
    ({name: `channels: ${name}`, as: 'alice', method: 'POST', path: '/channels', body, status})
  const fsPut = (name: string, path: string, body: unknown, status: number, as: Who = 'bob'): Row =>
    ({name: `fs: ${name}`, as, method: 'PUT', path: `/channels/room/fs/${path}`, body, status})
  const store = (name: string, key: string, body: unknown, status: number, as: Who = 'bob'): Row =>
    ({name: `store: ${name}`, as, method: 'PUT', path: `/channels/room/store/${key}`, body, status})
  const group = (name: string, body: unknown, status: number): Row =>
    ({name: `groups: ${name}`, as: 'alice', method: 'POST', path: '/groups', body, status})
  const nonMember = (method: Row['method'], path: string, body?: unknown): Row =>
    ({name: `non-member ${method} ${path}`, as: 'carol', method, path, body, status: 403})
  const ask = (id: string, text = 'q?', extra: Record<string, unknown> = {}) => ({id, text, ...extra})

  return [
    {name: 'auth: no bearer', as: 'none', method: 'GET', path: '/whoami', status: 401},
    {name: 'auth: unknown key', as: 'junk', method: 'GET', path: '/whoami', status: 401},
    {name: 'auth: no Bearer prefix', as: 'none', method: 'GET', path: '/whoami', headers: {authorization: 'Basic YWxpY2U6eA=='}, status: 401},
    {name: 'auth: post without bearer', as: 'none', method: 'POST', path: '/channels/room/messages', body: {body: 'x'}, status: 401},

    agent('id with --', {id: 'a--b'}, 400), agent('uppercase id', {id: 'Alice'}, 400),
    agent('reserved hub', {id: 'hub'}, 400), agent('reserved all', {id: 'all'}, 400),
    agent('leading -', {id: '-lead'}, 400), agent('trailing _', {id: 'trail_'}, 400),
    agent('65 chars', {id: x(65)}, 400), agent('empty id', {id: ''}, 400), agent('space in id', {id: 'sp ace'}, 400),
    agent('numeric id', {id: 42}, 422), agent('duplicate id', {id: 'bob'}, 409),
    agent('seat is not admin', {id: 'zed'}, 403, 'alice'), agent('about over 500', {id: 'zed', about: x(501)}, 400),

    chan('space', {name: 'has space'}, 400), chan('slash', {name: 'a/b'}, 400),
    chan('control char', {name: 'a\u0001b'}, 400), chan('tab', {name: 'tab\tname'}, 400), chan('DEL char', {name: 'a\u007fb'}, 400),
    chan('dm: prefix', {name: 'dm:x'}, 400), chan('reserved hub', {name: 'hub'}, 400),
    chan('reserved hub-alerts', {name: 'hub-alerts'}, 400), chan('empty name', {name: ''}, 400),
    chan('duplicate', {name: 'room'}, 409), chan('numeric name', {name: 5}, 422),
    chan('private not a bool', {name: 'fine', private: 'yes'}, 422),
    {name: 'channels: unparseable JSON', as: 'alice', method: 'POST', path: '/channels', raw: '{"name":', status: 422},

    ...(['messages', 'info', 'ledger', 'fs', 'members', 'store'] as const).map((r): Row =>
      ({name: `unknown channel GET ${r}`, as: 'alice', method: 'GET', path: `/channels/nope/${r}`, status: 404})),
    {name: 'unknown channel post', as: 'alice', method: 'POST', path: '/channels/nope/messages', body: {body: 'x'}, status: 404},
    {name: 'unknown channel store put', as: 'alice', method: 'PUT', path: '/channels/nope/store/k', body: {value: 1}, status: 404},
    {name: 'unknown channel join', as: 'alice', method: 'POST', path: '/channels/nope/join', body: {}, status: 404},

    nonMember('GET', '/channels/pub/messages'), nonMember('GET', `/channels/room/messages/${c.q.id}`),
    nonMember('POST', '/channels/pub/messages', {body: 'intrude'}), nonMember('GET', '/channels/pub/info'),
    nonMember('GET', '/channels/pub/members'), nonMember('GET', '/channels/pub/store'),
    nonMember('GET', '/channels/pub/store/k'), nonMember('PUT', '/channels/pub/store/k', {value: 2}),
    nonMember('GET', '/channels/pub/fs'), nonMember('GET', '/channels/pub/fs/a.md'),
    nonMember('PUT', '/channels/pub/fs/a.md', {content: 'y'}), nonMember('DELETE', '/channels/pub/fs/a.md'),
    nonMember('GET', '/channels/pub/fshist/a.md'), nonMember('GET', '/channels/pub/ledger'),
    nonMember('POST', '/channels/pub/invites', {}), nonMember('POST', '/channels/pub/leave', {}),
    nonMember('GET', '/channels/room/messages'), nonMember('GET', '/channels/room/ledger'),
    nonMember('GET', '/channels/dm:alice--bob/messages'), nonMember('POST', '/inbox/ack', {cursors: {pub: 1}}),
    {name: 'join private without a token', as: 'carol', method: 'POST', path: '/channels/room/join', body: {}, status: 403},
    {name: 'join with a bogus token', as: 'carol', method: 'POST', path: '/channels/room/join', body: {invite_token: 'invite_' + '0'.repeat(48)}, status: 403},
    {name: 'third party joins a DM', as: 'carol', method: 'POST', path: '/channels/dm:alice--bob/join', body: {}, status: 403},
    {name: 'invite minted by a plain member', as: 'bob', method: 'POST', path: '/channels/room/invites', body: {}, status: 403},
    {name: 'invite for an unknown agent', as: 'alice', method: 'POST', path: '/channels/room/invites', body: {agent_id: 'ghost'}, status: 404},
    {name: 'DM to self', as: 'alice', method: 'POST', path: '/dms/alice', body: {}, status: 400},
    {name: 'DM to an unknown agent', as: 'alice', method: 'POST', path: '/dms/ghost', body: {}, status: 404},

    rawPost('unparseable JSON', '{"body": "x", ', 422),
    rawPost('NaN in data', '{"body":"x","data":{"v":NaN}}', 400),
    rawPost('Infinity in data', '{"body":"x","data":{"v":Infinity}}', 400),
    rawPost('-Infinity in data', '{"body":"x","data":{"v":-Infinity}}', 400),
    post('unknown status', {body: 'x', status: 'bogus'}, 422), post('unknown urgency', {body: 'x', urgency: 'now'}, 422),
    post('numeric body', {body: 42}, 422), post('to is a string', {body: 'x', to: 'alice'}, 422),
    post('data is a list', {body: 'x', data: [1, 2]}, 422),
    post('bare reply', {body: 'x', status: 'reply'}, 400),
    post('reply_to in another channel', {body: 'x', status: 'reply', reply_to: c.other.id}, 400),
    post('reply_to unknown', {body: 'x', status: 'reply', reply_to: '01ARZ3NDEKTSV4RRFFQ69G5FAV'}, 400),
    post('answers to a message without asks', {body: 'x', status: 'reply', reply_to: c.plain.id, data: {answers: ['1']}}, 400),
    post('answers an unknown ask', {body: 'x', status: 'reply', reply_to: c.q.id, data: {answers: ['9']}}, 400),
    post('asker answers own ask', {body: 'x', status: 'reply', reply_to: c.q.id, data: {answers: ['1']}}, 400, 'alice'),
    post('answers on fyi', {body: 'x', status: 'fyi', reply_to: c.q.id, data: {answers: ['1']}}, 400),
    post('answers without reply_to', {body: 'x', status: 'resolved', data: {answers: ['1']}}, 400),
    post('asks on fyi', {body: 'x', status: 'fyi', data: {asks: [ask('1')]}}, 400),
    post('asks on a reply', {body: 'x', status: 'reply', reply_to: c.plain.id, data: {asks: [ask('1')]}}, 400),
    post('21 asks', {body: 'x', status: 'open', data: {asks: Array.from({length: 21}, (_, i) => ask(String(i + 1)))}}, 400),
    post('ask text over 500', {body: 'x', status: 'open', data: {asks: [ask('1', x(501))]}}, 400),
    post('duplicate ask ids', {body: 'x', status: 'open', data: {asks: [ask('1'), ask('1')]}}, 400),
    post('empty ask id', {body: 'x', status: 'open', data: {asks: [ask('')]}}, 400),
    post('ask addressed to self', {body: 'x', status: 'open', data: {asks: [ask('1', 'q?', {to: ['bob']})]}}, 400),
    post('ask assignee not a member', {body: 'x', status: 'open', data: {asks: [ask('1', 'q?', {assignee: 'carol'})]}}, 400),
    post('to a non-member', {body: 'x', to: ['carol']}, 400), post('to an unknown seat', {body: 'x', to: ['nobody']}, 400),
    post('title over 120', {body: 'x', title: x(121)}, 400),
    post('body over 64 KiB', {body: x(64 * KIB + 1)}, 413),
    post('request of 1.5 MiB', {body: x(1536 * KIB)}, 413),
    post('data over 64 KiB', {body: 'x', data: {blob: x(66 * KIB)}}, 413),
    post('critical from a non-operator', {body: 'x', critical: true}, 403),
    post('consumes an unknown ref', {body: 'x', data: {consumes: ['room#999']}}, 400),
    post('consumes 33 refs', {body: 'x', data: {consumes: Array.from({length: 33}, (_, i) => `#${i + 1}`)}}, 400),
    post('signature over 1024', {body: 'x', data: {signature: x(1025)}}, 400),
    post('unknown field settles', {body: 'x', settles: ['room#1']}, 422),
    post('near-miss field answer', {body: 'x', status: 'reply', reply_to: c.q.id, answer: ['1']}, 422),
    post('top-level evidence (lives in data)', {body: 'x', evidence: [{kind: 'store', ref: 'k@1'}]}, 422),
    chan('unknown field privat', {name: 'zz', privat: false}, 422),
    store('unknown field expect', 'k', {value: 1, expect: 0}, 422),
    agent('unknown field operater', {id: 'newone', operater: true}, 422),
    {name: 'ack with cursor for cursors', as: 'bob', method: 'POST', path: '/inbox/ack', body: {cursor: {room: 1}}, status: 422},

    ...([['limit=1001', 422], ['limit=0', 422], ['limit=abc', 422], ['since=abc', 422], ['sort=bogus', 400]] as const).map(([q, s]): Row =>
      ({name: `history ${q}`, as: 'bob', method: 'GET', path: `/channels/room/messages?${q}`, status: s})),
    {name: 'inbox wait=56', as: 'bob', method: 'GET', path: '/inbox?wait=56', status: 422},
    {name: 'inbox wait=-1', as: 'bob', method: 'GET', path: '/inbox?wait=-1', status: 422},
    // A misspelt parameter on a route that reads parameters is refused, not dropped (the reference ignores it).
    ...([['/channels/room/messages?limt=5', 'history'], ['/inbox?wiat=30', 'inbox'], ['/channels/room/ledger?verfy=true', 'ledger'],
      ['/channels/room/fs?prefx=a', 'fs list'], ['/channels/room/fshist/a.md?since=1', 'fs history'], ['/charter?ful=true', 'hub charter'],
      ['/channels?include_archive=true', 'channel list']] as const).map(([path, what]): Row =>
      ({name: `${what}: unknown query parameter`, as: 'bob', method: 'GET', path, status: 422})),
    {name: 'channel list: include_archived by a seat that is not an operator', as: 'bob', method: 'GET', path: '/channels?include_archived=true', status: 403},
    {name: 'channel list: include_archived=yes', as: 'bob', method: 'GET', path: '/channels?include_archived=yes', status: 422},
    {name: 'ack cursors not an object', as: 'bob', method: 'POST', path: '/inbox/ack', body: {cursors: 'x'}, status: 422},
    {name: 'ack seq not an int', as: 'bob', method: 'POST', path: '/inbox/ack', body: {cursors: {room: 'x'}}, status: 422},
    {name: 'ack unknown channel', as: 'bob', method: 'POST', path: '/inbox/ack', body: {cursors: {nope: 1}}, status: 404},

    store('fs/ prefix', 'fs%2Fx', {value: 1}, 403), store('value missing', 'k', {}, 422),
    store('value over 256 KiB', 'k', {value: x(257 * KIB)}, 413),
    store('channel:meta by a plain member', 'channel%3Ameta', {value: {purpose: 'x'}}, 403),
    store('channel:meta unknown field', 'channel%3Ameta', {value: {bogus: 1}}, 400, 'alice'),
    store('expect_version on an absent key', 'newkey', {value: 1, expect_version: 5}, 409),
    store('expect_version not an int', 'k', {value: 1, expect_version: 'x'}, 422),
    {name: 'store: unknown key', as: 'bob', method: 'GET', path: '/channels/room/store/absent', status: 404},

    fsPut('../ traversal', '../x', {content: 'x'}, 400), fsPut('absolute path', '%2Fabs', {content: 'x'}, 400),
    fsPut('empty segment a//b', 'a//b', {content: 'x'}, 400), fsPut('dot segment a/./b', 'a/./b', {content: 'x'}, 400),
    fsPut('backslash', 'a%5Cb', {content: 'x'}, 400), fsPut('NUL', 'a%00b', {content: 'x'}, 400),
    fsPut('control char', 'a%01b', {content: 'x'}, 400), fsPut('segment with leading space', '%20lead/x', {content: 'x'}, 400),
    fsPut('path over 512', x(513), {content: 'x'}, 400),
    fsPut('content and content_b64', 'b.md', {content: 'x', content_b64: 'eA=='}, 400),
    fsPut('neither content nor content_b64', 'b.md', {mime: 'text/plain'}, 400),
    fsPut('unpadded base64', 'b.bin', {content_b64: 'abc'}, 400),
    fsPut('channel/ prefix by a member', 'channel/charter.md', {content: 'mine now'}, 403),
    fsPut('text over 256 KiB', 'big.md', {content: x(257 * KIB)}, 413),
    fsPut('expect_version on an absent file', 'new.md', {content: 'x', expect_version: 3}, 409),
    {name: 'fs: unknown file', as: 'bob', method: 'GET', path: '/channels/room/fs/nofile.md', status: 404},
    {name: 'fs: version not an int', as: 'bob', method: 'GET', path: '/channels/room/fs/a.md?version=abc', status: 422},
    {name: 'fs: unknown version', as: 'bob', method: 'GET', path: '/channels/room/fs/a.md?version=99', status: 404},
    {name: 'fs: stale delete', as: 'bob', method: 'DELETE', path: '/channels/room/fs/a.md?expect_version=9', status: 409},

    {name: 'about over 500', as: 'bob', method: 'PUT', path: '/me/about', body: {about: x(501)}, status: 400},

    // The text rule: a lone surrogate (JSON.stringify writes it as a \udXXX escape) is not Unicode
    // text; SQLite would store U+FFFD after the hash was taken over the surrogate. 422, field named.
    post('lone surrogate in body', {body: `hello ${LONE}`}, 422), post('lone surrogate in title', {body: 'x', title: `t${LONE}`}, 422),
    post('lone surrogate in a data leaf', {body: 'x', data: {deep: [{v: LONE}]}}, 422),
    post('lone surrogate in a data key', {body: 'x', data: {[`k${LONE}`]: 1}}, 422),
    post('lone low surrogate in body', {body: `\udc00 alone`}, 422),
    post('lone surrogate in to', {body: 'x', to: [`bob${LONE}`]}, 422),
    store('lone surrogate in a value', 'k', {value: {note: `v${LONE}`}}, 422),
    fsPut('lone surrogate in content', 'c.md', {content: `text ${LONE}`}, 422),
    fsPut('lone surrogate in description', 'c.md', {content: 'x', description: `d${LONE}`}, 422),
    {name: 'about: lone surrogate', as: 'bob', method: 'PUT', path: '/me/about', body: {about: `me ${LONE}`}, status: 422},
    agent('lone surrogate in about', {id: 'newsur', about: `a${LONE}`}, 422),
    agent('lone surrogate in mission', {id: 'newsur', mission: `m${LONE}`}, 422),
    chan('lone surrogate in name', {name: `room${LONE}`}, 422),
    group('lone surrogate in name', {name: `g${LONE}`, members: ['bob']}, 422),
    group('lone surrogate in purpose', {name: 'gsur', members: ['bob'], purpose: `p${LONE}`}, 422),
    group('lone surrogate in opening_post', {name: 'gsur', members: ['bob'], opening_post: `o${LONE}`}, 422),
    rawPost('invalid UTF-8 byte in body', Buffer.concat([Buffer.from('{"body":"caf'), Buffer.from([0xff]), Buffer.from('"}')]), 422),
    {name: 'fs: surrogate half percent-encoded in the path', as: 'bob', method: 'PUT', path: '/channels/room/fs/a%ED%A0%80.md', body: {content: 'x'}, status: 422},
    {name: 'store: invalid UTF-8 in the key', as: 'bob', method: 'PUT', path: '/channels/room/store/k%FF', body: {value: 1}, status: 422},
    {name: 'fs list: invalid UTF-8 in a query value', as: 'bob', method: 'GET', path: '/channels/room/fs?prefix=%C3', status: 422},
    {name: 'history: invalid UTF-8 in a query value', as: 'bob', method: 'GET', path: '/channels/room/messages?since=%FF', status: 422},

    // Limits: JSON depth and array length at the door, group members in the schema.
    post(`data nested ${JSON_DEPTH_MAX + 1} deep`, {body: 'x', data: nest(JSON_DEPTH_MAX)}, 422),
    post('data nested 3,000 deep', {body: 'x', data: nest(3000)}, 422),
    store(`value nested ${JSON_DEPTH_MAX + 1} deep`, 'k', {value: nest(JSON_DEPTH_MAX)}, 422),
    post(`array of ${JSON_ARRAY_MAX + 1} in data`, {body: 'x', data: {list: Array.from({length: JSON_ARRAY_MAX + 1}, () => 0)}}, 422),
    group(`${GROUP_MEMBERS_MAX + 1} members`, {name: 'gbig', members: Array.from({length: GROUP_MEMBERS_MAX + 1}, (_, i) => `s${i}`)}, 422),
    group('400,000 members', {name: 'ghuge', members: Array.from({length: 400_000}, (_, i) => `s${i}`)}, 422),

    // The identifier rule: names in NFC, nothing invisible or reordering, no . or ..
    chan('NFD spelling of an existing NFC name', {name: 'cafe\u0301'}, 409),
    chan('zero-width space', {name: 'pub\u200b'}, 400), chan('zero-width joiner', {name: 'p\u200dub'}, 400),
    chan('word joiner', {name: 'p\u2060ub'}, 400), chan('BOM', {name: '\ufeffpub'}, 400),
    chan('soft hyphen', {name: 'p\u00adub'}, 400), chan('combining grapheme joiner', {name: 'p\u034fub'}, 400),
    chan('Mongolian vowel separator', {name: 'p\u180eub'}, 400),
    chan('bidi override', {name: 'x\u202egnp.exe'}, 400), chan('bidi isolate', {name: 'x\u2066y'}, 400),
    chan('Arabic letter mark', {name: 'x\u061cy'}, 400), chan('C1 control', {name: 'x\u0085y'}, 400),
    chan('dot', {name: '.'}, 400), chan('dot dot', {name: '..'}, 400),
    chan(`${CHANNEL_NAME_MAX + 1} characters`, {name: x(CHANNEL_NAME_MAX + 1)}, 400),
    group('zero-width in name', {name: 'grp\u200b', members: ['bob']}, 400),
    group('dot dot as name', {name: '..', members: ['bob']}, 400),
    fsPut('zero-width in a segment', 'a%E2%80%8Bb.md', {content: 'x'}, 400),
    fsPut('bidi override in a segment', 'x%E2%80%AEgnp.exe', {content: 'x'}, 400),
    fsPut('.. segment', 'notes/../x.md', {content: 'x'}, 400),
    fsPut('C1 control in a segment', 'a%C2%85b.md', {content: 'x'}, 400),
    fsPut(`path over ${PATH_MAX} characters`, encodeURIComponent('é'.repeat(PATH_MAX + 1)), {content: 'x'}, 400),
    store('zero-width in the key', 'k%E2%80%8B', {value: 1}, 400),
    store('bidi control in the key', '%E2%80%AEk', {value: 1}, 400),
    store(`key over ${PATH_MAX} characters`, x(PATH_MAX + 1), {value: 1}, 400),
    // Reputation, search and threads: schema 422s, teaching 400s, and refs that name nothing here.
    {name: 'rate: value as a string', as: 'bob', method: 'PUT', path: `/channels/room/messages/${c.q.id}/rating`, body: {value: '1'}, status: 422},
    {name: 'rate: value 1.5', as: 'bob', method: 'PUT', path: `/channels/room/messages/${c.q.id}/rating`, body: {value: 1.5}, status: 422},
    {name: 'rate: value 3', as: 'bob', method: 'PUT', path: `/channels/room/messages/${c.q.id}/rating`, body: {value: 3}, status: 400},
    {name: 'rate: unknown field', as: 'bob', method: 'PUT', path: `/channels/room/messages/${c.q.id}/rating`, body: {value: 1, weight: 9}, status: 422},
    {name: 'rate: lone surrogate in the note', as: 'bob', method: 'PUT', path: `/channels/room/messages/${c.q.id}/rating`, body: {value: 1, note: `n${LONE}`}, status: 422},
    {name: 'rate: a message of another channel', as: 'bob', method: 'PUT', path: `/channels/room/messages/${c.other.id}/rating`, body: {value: 1}, status: 404},
    {name: 'rate: note over 280', as: 'bob', method: 'PUT', path: `/channels/room/messages/${c.q.id}/rating`, body: {value: 1, note: x(281)}, status: 400},
    {name: 'vote: axis missing', as: 'bob', method: 'PUT', path: '/channels/room/reputation/alice', body: {value: 1}, status: 422},
    {name: 'vote: bidi override in the target', as: 'bob', method: 'PUT', path: '/channels/room/reputation/al%E2%80%AEice', body: {axis: 'trust', value: 1}, status: 404},
    {name: 'vote: axis in the query misspelt', as: 'bob', method: 'DELETE', path: '/channels/room/reputation/alice?axes=trust', status: 422},
    {name: 'search: surrogate half percent-encoded in q', as: 'bob', method: 'GET', path: '/search?q=a%ED%A0%80', status: 422},
    {name: 'search: q over 256', as: 'bob', method: 'GET', path: `/search?q=${x(257)}`, status: 422},
    {name: 'search: min_votes negative', as: 'bob', method: 'GET', path: '/search?q=a&min_votes=-1', status: 422},
    {name: 'resolve_thread: body as a number', as: 'alice', method: 'POST', path: `/channels/room/messages/${c.q.id}/resolve_thread`, body: {body: 5}, status: 422},
    {name: 'read an unknown message', as: 'bob', method: 'GET', path: '/channels/room/messages/01ARZ3NDEKTSV4RRFFQ69G5FAV', status: 404},
    {name: 'passive fetch cannot forge a read', as: 'bob', method: 'GET', path: `/channels/room/messages/${c.q.id}`, headers: {'sec-fetch-dest': 'image'}, status: 403},
  ]
}
