// A scratch hub plus seat-level HTTP callers, built only on the public API of
// @agora/hub and plain fetch / node:http, so these suites prove the wire, not internals.
import {mkdtempSync, rmSync} from 'node:fs'
import {request as httpRequest} from 'node:http'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {createHub} from '@agora/hub'
import {migratedDatabase} from './pg-cluster.js'

export const ADMIN_KEY = 'test-admin-0123456789abcdef0123456789'

/** The database the suites run on: a fresh PostgreSQL database when AGORA_TEST_DB=postgres, else null (a SQLite file). */
export async function testDatabase(): Promise<string | null> {
  const kind = process.env.AGORA_TEST_DB?.trim()
  if (!kind || kind === 'sqlite') return null
  if (kind === 'postgres') return migratedDatabase('hub')
  throw new Error(`AGORA_TEST_DB=${kind} is not a test database; use sqlite (default) or postgres`)
}

export interface Reply<T = any> {
  status: number
  body: T
  text: string
  headers: Record<string, string | string[] | undefined>
}

export interface HubOptions {
  db?: string
  ratePerMinute?: number
  writeRatePerMinute?: number
  toCloseMinAge?: number
  /** Requests at least this slow (ms) go to GET /admin/slow's ring (hub default 5000). */
  slowRequestMs?: number
  voteSweepMs?: number
  now?: () => number
  /** Sweep pass budget and leadership check (the scheduler's knobs). */
  sweepBudgetMs?: number
  isLeader?: () => Promise<boolean>
  /** Directory for notify files; off (null) unless a test asks for it. */
  notifyDir?: string
  /** WS keepalive interval and per-connection live queue bound (hub defaults otherwise). */
  wsPingMs?: number
  wsQueueLimit?: number
  /** The door's timeouts and connection cap, set small by the tests that exercise them. */
  door?: {headersTimeoutMs?: number; requestTimeoutMs?: number; keepAliveTimeoutMs?: number; idleSocketTimeoutMs?: number; connectionsMax?: number}
}

export interface RawRequest {
  method: string
  path: string
  key?: string | null
  body?: unknown
  rawBody?: string | Buffer
  headers?: Record<string, string>
}

/** One HTTP request through node:http, which (unlike fetch) sends the path byte for byte: no dot-segment folding. */
export function rawCall(baseUrl: string, req: RawRequest): Promise<Reply> {
  const url = new URL(baseUrl)
  const headers: Record<string, string> = {...req.headers}
  if (req.key) headers.authorization = `Bearer ${req.key}`
  let payload: Buffer | undefined
  if (req.rawBody !== undefined) payload = Buffer.isBuffer(req.rawBody) ? req.rawBody : Buffer.from(req.rawBody, 'utf8')
  else if (req.body !== undefined) payload = Buffer.from(JSON.stringify(req.body), 'utf8')
  if (payload) {
    headers['content-type'] ??= 'application/json'
    headers['content-length'] = String(payload.length)
  }
  return new Promise((resolve, reject) => {
    const r = httpRequest({host: url.hostname, port: url.port, method: req.method, path: req.path, headers}, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        let body: unknown = text
        try { body = JSON.parse(text) } catch { /* non-JSON bodies stay text so tests can say so */ }
        resolve({status: res.statusCode ?? 0, body, text, headers: res.headers})
      })
    })
    r.on('error', reject)
    if (payload) r.write(payload)
    r.end()
  })
}

/** A caller bound to one bearer key (a seat key or the admin key). */
export class Caller {
  constructor(readonly url: string, readonly id: string, readonly key: string | null) {}

  async call<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> {
    const h: Record<string, string> = {'x-agora-client': 'hub-tests', ...headers}
    if (this.key) h.authorization = `Bearer ${this.key}`
    if (body !== undefined) h['content-type'] = 'application/json'
    const res = await fetch(this.url + path, {method, headers: h, body: body === undefined ? undefined : JSON.stringify(body)})
    const text = await res.text()
    let parsed: unknown = text
    try { parsed = JSON.parse(text) } catch { /* keep text */ }
    return {status: res.status, body: parsed as T, text, headers: Object.fromEntries(res.headers)}
  }

  get<T = any>(path: string, headers?: Record<string, string>) { return this.call<T>('GET', path, undefined, headers) }
  post<T = any>(path: string, body: unknown = {}) { return this.call<T>('POST', path, body) }
  put<T = any>(path: string, body: unknown) { return this.call<T>('PUT', path, body) }
  del<T = any>(path: string) { return this.call<T>('DELETE', path) }

  /** Calls that must succeed: a non-2xx answer throws with the hub's detail so the failing step is obvious. */
  async ok<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
    const r = await this.call<T>(method, path, body, headers)
    if (r.status < 200 || r.status >= 300) throw new Error(`${this.id}: ${method} ${path} -> ${r.status} ${r.text.slice(0, 400)}`)
    return r.body
  }

  /** Post into a channel; throws unless the hub accepts it. */
  postMessage(channel: string, msg: Record<string, unknown>) {
    return this.ok('POST', `/channels/${encodeURIComponent(channel)}/messages`, msg)
  }

  history(channel: string, since = 0, limit = 1000): Promise<any[]> {
    return this.ok('GET', `/channels/${encodeURIComponent(channel)}/messages?since=${since}&limit=${limit}`)
  }

  inbox(): Promise<any[]> { return this.ok('GET', '/inbox') }
  owed(): Promise<any> { return this.ok('GET', '/owed') }
}

export class TestHub {
  readonly admin: Caller
  private constructor(readonly hub: Awaited<ReturnType<typeof createHub>>, readonly dir: string, readonly dbPath: string) {
    this.admin = new Caller(hub.url, 'admin', ADMIN_KEY)
  }

  get url(): string { return this.hub.url }

  /**
   * A scratch hub on 127.0.0.1:0 over a file database in a fresh temp dir; notify files off.
   * AGORA_TEST_DB=postgres runs the same suites on a fresh database of the throw-away cluster.
   */
  static async start(opts: HubOptions = {}): Promise<TestHub> {
    const dir = mkdtempSync(join(tmpdir(), 'agora-hub-test-'))
    const dbPath = opts.db ?? (await testDatabase() ?? join(dir, 'hub.db'))
    try {
      const hub = await createHub({
        db: dbPath, host: '127.0.0.1', port: 0, adminKey: ADMIN_KEY, notifyDir: opts.notifyDir ?? null,
        ratePerMinute: opts.ratePerMinute ?? 6000,
        writeRatePerMinute: opts.writeRatePerMinute ?? 6000,
        ...(opts.toCloseMinAge === undefined ? {} : {toCloseMinAge: opts.toCloseMinAge}),
        ...(opts.slowRequestMs === undefined ? {} : {slowRequestMs: opts.slowRequestMs}),
        voteSweepMs: opts.voteSweepMs ?? 3_600_000,
        ...(opts.now ? {now: opts.now} : {}),
        ...(opts.sweepBudgetMs ? {sweepBudgetMs: opts.sweepBudgetMs} : {}),
        ...(opts.isLeader ? {isLeader: opts.isLeader} : {}),
        ...(opts.wsPingMs ? {wsPingMs: opts.wsPingMs} : {}),
        ...(opts.wsQueueLimit ? {wsQueueLimit: opts.wsQueueLimit} : {}),
        ...opts.door,
      })
      return new TestHub(hub, dir, dbPath)
    } catch (err) {
      rmSync(dir, {recursive: true, force: true})
      throw err
    }
  }

  /** Register a seat through the admin key and return a caller holding its api key. */
  async register(id: string, extra: Record<string, unknown> = {}): Promise<Caller> {
    const body = await this.admin.ok('POST', '/agents', {id, ...extra})
    if (typeof body?.api_key !== 'string') throw new Error(`POST /agents gave no api_key: ${JSON.stringify(body)}`)
    return new Caller(this.url, id, body.api_key)
  }

  /** The vector `channel` op: the owner creates it, mints an agent-bound invite per member, each member redeems it. */
  async channel(owner: Caller, name: string, members: Caller[] = [], isPrivate = true): Promise<void> {
    await owner.ok('POST', '/channels', {name, private: isPrivate})
    for (const m of members) {
      const inv = await owner.ok('POST', `/channels/${encodeURIComponent(name)}/invites`, {agent_id: m.id})
      await m.ok('POST', `/channels/${encodeURIComponent(name)}/join`, {invite_token: inv.invite_token})
    }
  }

  async close(keepDir = false): Promise<void> {
    await this.hub.close()
    if (!keepDir) rmSync(this.dir, {recursive: true, force: true})
  }
}

/** Seats that exist in nearly every scenario: alice owns `room`, bob is a member, carol is an outsider. */
export async function threeSeats(h: TestHub): Promise<{alice: Caller; bob: Caller; carol: Caller}> {
  const alice = await h.register('alice')
  const bob = await h.register('bob')
  const carol = await h.register('carol')
  await h.channel(alice, 'room', [bob])
  return {alice, bob, carol}
}

/** The reporting-delegate cast: olga (operator) owns `room` with dora (olga's delegate-to-be), bob and carol. */
export async function operatorRoom(h: TestHub): Promise<{olga: Caller; dora: Caller; bob: Caller; carol: Caller}> {
  const olga = await h.register('olga', {operator: true})
  const dora = await h.register('dora', {mission: 'report to olga on everything she asks'})
  const bob = await h.register('bob')
  const carol = await h.register('carol')
  await h.channel(olga, 'room', [dora, bob, carol])
  return {olga, dora, bob, carol}
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
