import {normalizeUrl} from '@agora/home'

import {checkSeatAnswer} from './seat-answer.js'
import {request, seg, segs} from './http.js'
import type {FetchLike, Query, RequestOptions, TransportConfig} from './http.js'
import {CLIENT_VERSION} from './version.js'
import type {Lease, LeaseCheck, LeaseList, TakeLeases} from './leases.js'
import type {TurnGrant, TurnToken} from './turn-tokens.js'
import type {
  ChannelInfo, ChannelRecord, ChannelSummary, Envelope, FsFile, FsListRow, FsWriteRequest, GroupRequest,
  GroupResult, Health, HubRoot, InviteResult, JoinResult, Ledger, Member, Message, MessageRow, OwedReport,
  PostMessage, RegisterAgentRequest, RegisterAgentResult, AgentRecord, StoreEntry, StoreListRow, Whoami,
} from './wire.js'

export interface AgoraClientOptions {
  url: string
  apiKey?: string
  adminKey?: string
  clientVersion?: string
  fetch?: FetchLike
  /** Per-request timeout; long-polls add their wait on top. Default 180 s. */
  timeoutMs?: number
  /** Headers sent on every request (a hook marks its calls with X-Agora-Hook); a call's own headers win. */
  headers?: Record<string, string>
  /** Largest answer read into memory (bytes); a bigger one throws AgoraAnswerError. Default RESPONSE_BYTES_MAX (256 MiB). */
  responseMaxBytes?: number
}

/** Typed async client for the hub's Layer-1 HTTP surface. */
export class AgoraClient {
  readonly url: string
  readonly clientVersion: string
  private readonly transport: TransportConfig

  constructor(options: AgoraClientOptions) {
    if (!options.url?.trim()) throw new Error('AgoraClient needs a hub url, e.g. http://127.0.0.1:8765')
    this.url = normalizeUrl(options.url)
    this.clientVersion = options.clientVersion ?? CLIENT_VERSION
    this.transport = {
      url: this.url, apiKey: options.apiKey, adminKey: options.adminKey, clientVersion: this.clientVersion,
      fetch: options.fetch ?? globalThis.fetch, timeoutMs: options.timeoutMs ?? 180_000, headers: options.headers,
      ...(options.responseMaxBytes === undefined ? {} : {responseMaxBytes: options.responseMaxBytes}),
    }
  }

  get apiKey(): string | undefined {
    return this.transport.apiKey
  }

  /** A client for the same hub speaking as another seat. */
  withApiKey(apiKey: string): AgoraClient {
    const {url, adminKey, clientVersion, fetch, timeoutMs, headers, responseMaxBytes} = this.transport
    return new AgoraClient({url, apiKey, adminKey, clientVersion, fetch, timeoutMs, headers, responseMaxBytes})
  }

  request<T>(method: string, path: string, options?: RequestOptions): Promise<T> {
    return request<T>(this.transport, method, path, options)
  }

  private get<T>(path: string, query?: Query, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('GET', path, {...options, query})
  }

  // liveness and identity
  root(): Promise<HubRoot> { return this.get('/') }
  healthz(): Promise<Health> { return this.get('/healthz') }
  /** The answer is checked (the seat asked for, a well-formed key) before a caller can cache it. */
  async registerAgent(agent: RegisterAgentRequest): Promise<RegisterAgentResult> {
    const answer = await this.request<unknown>('POST', '/agents', {body: agent, admin: true})
    return checkSeatAnswer<RegisterAgentResult>(answer, {url: this.url, method: 'POST', path: '/agents', wantedId: agent.id})
  }
  listAgents(): Promise<Array<{id: string; operator: boolean}>> { return this.get('/agents') }
  whoami(): Promise<Whoami> { return this.get('/whoami') }
  setAbout(about: string): Promise<AgentRecord> { return this.request('PUT', '/me/about', {body: {about}}) }

  // channels, DMs, groups
  listChannels(options: {includeArchived?: boolean} = {}): Promise<ChannelSummary[]> {
    return this.get('/channels', {include_archived: options.includeArchived})
  }
  createChannel(name: string, options: {private?: boolean} = {}): Promise<ChannelRecord> {
    return this.request('POST', '/channels', {body: {name, private: options.private ?? true}})
  }
  channelInfo(channel: string): Promise<ChannelInfo> { return this.get(`/channels/${seg(channel)}/info`) }
  channelMembers(channel: string): Promise<Member[]> { return this.get(`/channels/${seg(channel)}/members`) }
  joinChannel(channel: string, inviteToken?: string): Promise<JoinResult> {
    return this.request('POST', `/channels/${seg(channel)}/join`, {body: inviteToken ? {invite_token: inviteToken} : {}})
  }
  leaveChannel(channel: string): Promise<{channel: string; left: boolean}> {
    return this.request('POST', `/channels/${seg(channel)}/leave`)
  }
  createInvite(channel: string, options: {agentId?: string; ttlSeconds?: number} = {}): Promise<InviteResult> {
    const body: Record<string, unknown> = {}
    if (options.agentId !== undefined) body.agent_id = options.agentId
    if (options.ttlSeconds !== undefined) body.ttl_seconds = options.ttlSeconds
    return this.request('POST', `/channels/${seg(channel)}/invites`, {body})
  }
  openDm(peer: string): Promise<ChannelInfo> { return this.request('POST', `/dms/${seg(peer)}`) }
  postDm(peer: string, message: PostMessage): Promise<Message> {
    return this.request('POST', `/dms/${seg(peer)}/messages`, {body: message})
  }
  createGroup(group: GroupRequest): Promise<GroupResult> { return this.request('POST', '/groups', {body: group}) }

  // messages
  postMessage(channel: string, message: PostMessage): Promise<Message> {
    return this.request('POST', `/channels/${seg(channel)}/messages`, {body: message})
  }
  history(channel: string, options: {since?: number; limit?: number; sort?: 'recency' | 'votes'} = {}): Promise<MessageRow[]> {
    return this.get(`/channels/${seg(channel)}/messages`, {since: options.since, limit: options.limit, sort: options.sort})
  }
  /** The message plus up to 5 unread ancestors, oldest first; records read receipts. */
  readMessage(channel: string, id: string): Promise<Message[]> {
    return this.get(`/channels/${seg(channel)}/messages/${seg(id)}`)
  }
  messageBySeq(channel: string, seq: number): Promise<MessageRow> {
    return this.get(`/channels/${seg(channel)}/messages/by-seq/${seg(seq)}`)
  }

  // inbox and obligations
  /** GET /inbox; `wait` (0..55 s) long-polls, so the timeout stretches by the wait. */
  inbox(options: {wait?: number} = {}): Promise<Envelope[]> {
    const wait = options.wait ?? 0
    return this.get('/inbox', wait > 0 ? {wait} : {}, {timeoutMs: this.transport.timeoutMs + wait * 1000})
  }
  ack(cursors: Record<string, number>): Promise<{acked: Record<string, number>}> {
    return this.request('POST', '/inbox/ack', {body: {cursors}})
  }
  /** GET /owed; `reception` sends `X-Agora-Reception: 1` (this seat's reception loop is armed). */
  owed(options: {reception?: boolean} = {}): Promise<OwedReport> {
    return this.get('/owed', undefined, {headers: options.reception ? {'X-Agora-Reception': '1'} : {}})
  }

  // store (KV with CAS)
  storeList(channel: string): Promise<StoreListRow[]> { return this.get(`/channels/${seg(channel)}/store`) }
  storeGet(channel: string, key: string): Promise<StoreEntry> {
    return this.get(`/channels/${seg(channel)}/store/${seg(key)}`)
  }
  storePut(channel: string, key: string, value: unknown, options: {expectVersion?: number} = {}): Promise<StoreEntry> {
    const body: Record<string, unknown> = {value}
    if (options.expectVersion !== undefined) body.expect_version = options.expectVersion
    return this.request('PUT', `/channels/${seg(channel)}/store/${seg(key)}`, {body})
  }

  // vfs
  fsList(channel: string, options: {prefix?: string} = {}): Promise<FsListRow[]> {
    return this.get(`/channels/${seg(channel)}/fs`, {prefix: options.prefix})
  }
  fsRead(channel: string, path: string, options: {version?: number} = {}): Promise<FsFile> {
    return this.get(`/channels/${seg(channel)}/fs/${segs(path)}`, {version: options.version})
  }
  fsWrite(channel: string, path: string, file: FsWriteRequest): Promise<FsFile> {
    return this.request('PUT', `/channels/${seg(channel)}/fs/${segs(path)}`, {body: file})
  }
  fsDelete(channel: string, path: string, options: {expectVersion?: number} = {}): Promise<{deleted: boolean}> {
    return this.request('DELETE', `/channels/${seg(channel)}/fs/${segs(path)}`, {query: {expect_version: options.expectVersion}})
  }
  fsHistory(channel: string, path: string, options: {sinceSeq?: number; limit?: number} = {}): Promise<Message[]> {
    return this.get(`/channels/${seg(channel)}/fshist/${segs(path)}`, {since_seq: options.sinceSeq, limit: options.limit})
  }

  // ledger
  ledger(channel: string, options: {verify?: boolean} = {}): Promise<Ledger> {
    return this.get(`/channels/${seg(channel)}/ledger`, {verify: options.verify === undefined ? undefined : String(options.verify)})
  }

  // workspace leases: a 409 on take carries `conflicts` beside the detail (AgoraHttpError.body)
  leaseTake(channel: string, take: TakeLeases): Promise<{leases: Lease[]}> {
    return this.request('POST', `/channels/${seg(channel)}/leases`, {body: take})
  }
  leaseRenew(workspace: string, options: {paths?: string[]; ttlS?: number} = {}): Promise<{leases: Lease[]}> {
    return this.request('POST', '/leases/renew', {body: {workspace, paths: options.paths, ttl_s: options.ttlS}})
  }
  leaseRelease(workspace: string, options: {paths?: string[]; holder?: string} = {}): Promise<{released: Lease[]}> {
    return this.request('POST', '/leases/release', {body: {workspace, paths: options.paths, holder: options.holder}})
  }
  leaseList(workspace: string, options: {holder?: string} = {}): Promise<LeaseList> {
    return this.get('/leases', {workspace, holder: options.holder})
  }
  leaseCheck(workspace: string, paths: string[]): Promise<LeaseCheck> {
    return this.request('POST', '/leases/check', {body: {workspace, paths}})
  }

  // per-turn tokens (docs/protocol.md "Turn tokens"): minted by a seat for one turn, redeemed by the seat's HTTP MCP endpoint
  turnTokenMint(turnId: string, options: {ttlSeconds?: number} = {}): Promise<TurnToken> {
    return this.request('POST', '/turn-tokens', {body: {turn_id: turnId, ttl_seconds: options.ttlSeconds}})
  }
  turnTokenRedeem(token: string, sessionId: string): Promise<TurnGrant> {
    return this.request('POST', '/turn-tokens/redeem', {body: {token, session_id: sessionId}})
  }
  turnTokenRevoke(tokenId: string): Promise<{token_id: string; revoked: boolean}> {
    return this.request('DELETE', `/turn-tokens/${seg(tokenId)}`)
  }
}
