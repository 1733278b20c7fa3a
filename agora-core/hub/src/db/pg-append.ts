import type {Knex} from 'knex'
import {PREPARED} from './port.js'
import type {Storage} from './port.js'
import {CHANNEL_LOCK_SPACE, WRITE_LOCK} from './pg-storage.js'
import {perOwner} from '../per-owner.js'

/**
 * PostgreSQL only: a post appended to its channel's chain in ONE statement, committed on its own.
 *
 * Why: the portable path (BEGIN + locks, read the chain head, INSERT, COMMIT) is four round trips
 * and holds the channel's lock across three of them; measured, the round trips (socket writes and
 * wake-ups in the hub and in PostgreSQL) were most of a post's cost. Here the function below takes
 * the same locks as a channel-scoped transaction (WRITE_LOCK shared + the channel's lock, so it
 * waits for and keeps out every other writer of that chain), reads the head after the locks are
 * granted (a VOLATILE function's statements each take a fresh snapshot, so it sees every commit
 * that released the lock), and links the row itself: hash = sha256(prev + "\n" + canonical), where
 * the canonical payload text arrives from the hub split around its seq digits (`before` + seq +
 * `after`). The canonical text is ASCII (ensure_ascii), so its bytes are the same in any database
 * encoding. UNIQUE (channel, seq) stays the backstop.
 */
const FUNCTION = `
CREATE OR REPLACE FUNCTION agora_append(p_id text, p_channel text, p_sender text, p_kind text, p_status text,
  p_urgency text, p_critical bigint, p_downgraded bigint, p_to_json text, p_title text, p_body text, p_data_json text,
  p_reply_to text, p_created_at double precision, p_before text, p_after text,
  p_spender text, p_burst double precision, p_per_second double precision, p_spend_at double precision,
  OUT seq bigint, OUT hash text, OUT later double precision, OUT starved boolean)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  head_seq bigint;
  head_hash text;
  head_at double precision;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(${WRITE_LOCK});
  PERFORM pg_advisory_xact_lock(${CHANNEL_LOCK_SPACE}, hashtext(p_channel));
  SELECT m.seq, m.hash, m.created_at INTO head_seq, head_hash, head_at FROM messages m
    WHERE m.channel = p_channel ORDER BY m.seq DESC LIMIT 1;
  IF head_at > p_created_at THEN
    later := head_at; -- stamped before a post that took the lock first: nothing written, restamp and call again
    RETURN;
  END IF;
  IF p_spender IS NOT NULL THEN
    -- The sender's post token (cluster/pg-budgets.ts tryTake, same refill): taken with the row or not at all.
    INSERT INTO budget_buckets AS b (kind, agent, tokens, at) VALUES ('post', p_spender, p_burst - 1, p_spend_at)
      ON CONFLICT (kind, agent) DO UPDATE SET tokens = LEAST(p_burst, b.tokens + GREATEST(0, EXCLUDED.at - b.at) * p_per_second) - 1,
        at = EXCLUDED.at
      WHERE LEAST(p_burst, b.tokens + GREATEST(0, EXCLUDED.at - b.at) * p_per_second) >= 1;
    IF NOT FOUND THEN
      starved := true; -- no token: nothing written, the hub answers 429
      RETURN;
    END IF;
  END IF;
  seq := coalesce(head_seq, 0) + 1;
  hash := encode(sha256(convert_to(coalesce(head_hash, '') || E'\\n' || p_before || seq::text || p_after, 'UTF8')), 'hex');
  INSERT INTO messages (id, channel, seq, sender, kind, status, urgency, critical, downgraded, to_json, title, body,
    data_json, reply_to, created_at, hash)
  VALUES (p_id, p_channel, seq, p_sender, p_kind, p_status, p_urgency, p_critical, p_downgraded, p_to_json, p_title,
    p_body, p_data_json, p_reply_to, p_created_at, hash);
  INSERT INTO message_to (message_id, agent_id, channel, seq)
    SELECT DISTINCT p_id, a, p_channel, seq FROM json_array_elements_text(CAST(p_to_json AS json)) AS t(a)
    ON CONFLICT DO NOTHING;
END $$`

/** Create (or replace) agora_append; run at open with the triggers, under their install lock. */
/** The append function's definition, part of the cluster objects' version (cluster/triggers.ts). */
export const APPEND_FUNCTION_SQL = FUNCTION

export async function installAppend(trx: Knex.Transaction): Promise<void> {
  // The signature before the post token moved into the append (its OUT columns differ, so it is dropped, not replaced).
  await trx.raw(`DROP FUNCTION IF EXISTS agora_append(text, text, text, text, text, text, bigint, bigint, text, text, text, text,
    text, double precision, text, text)`)
  await trx.raw(FUNCTION)
}

/** A message's column values for agora_append, with its canonical payload split around the seq. */
export interface AppendRow {
  id: string
  channel: string
  sender: string
  kind: string
  status: string
  urgency: string
  critical: number
  downgraded: number
  to_json: string
  title: string
  body: string
  data_json: string | null
  reply_to: string | null
  created_at: number
  before: string
  after: string
  /** The sender's post token to take in the same statement (PostgreSQL budgets), or null. */
  spend?: {agent: string; burst: number; perSecond: number; at: number} | null
}

/**
 * Append one message (committed when this resolves): the seq and chain hash it was given. Or, with
 * `spend`, `starved` when the sender had no post token (nothing written). Or, when
 * the channel's last message is stamped later than `created_at` (a concurrent post took the lock
 * between our clock read and our turn), nothing is written and `later` is that stamp: created_at
 * never goes backwards along a channel, so the caller restamps and appends again.
 */
export async function pgAppend(db: Storage, r: AppendRow): Promise<{seq: number; hash: string} | {later: number} | {starved: true}> {
  // PREPARED: a named statement, parsed and planned once per connection instead of on every post
  // (bench/pg-append-micro.ts: PostgreSQL CPU per append 0.76–0.83× of the unnamed text's, three rounds).
  const got = await db.get<{seq: number | null; hash: string | null; later: number | null; starved: number | null}>(
    PREPARED + 'SELECT seq, hash, later, starved FROM agora_append(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    r.id, r.channel, r.sender, r.kind, r.status, r.urgency, r.critical, r.downgraded, r.to_json, r.title, r.body, r.data_json,
    r.reply_to, r.created_at, r.before, r.after, r.spend?.agent ?? null, r.spend?.burst ?? null, r.spend?.perSecond ?? null, r.spend?.at ?? null)
  if (!got) throw new Error('agora_append returned no row')
  if (got.starved) return {starved: true}
  return got.seq == null ? {later: got.later as number} : {seq: got.seq, hash: got.hash as string}
}

/**
 * Split canonical payload text (made with `seq: SEQ_MARK`) around its top-level seq digits. Keys
 * are sorted, and every top-level key after "seq" (status, title, to, urgency) holds strings, in
 * which a quote is escaped: so the LAST `"seq":<mark>` is the top-level one, whatever `data` or
 * `body` contain.
 */
export const SEQ_MARK = 9_007_199_254_740_991
export function splitAtSeq(canonical: string): {before: string; after: string} {
  const token = `"seq":${SEQ_MARK}`
  const at = canonical.lastIndexOf(token)
  if (at < 0) throw new Error('canonical payload has no top-level seq')
  return {before: canonical.slice(0, at + 6), after: canonical.slice(at + token.length)}
}

const turnsOf = perOwner((_: Storage): Map<string, Promise<unknown>> => new Map())

/**
 * Run `fn` when this process's previous append to `channel` has finished. The database lock orders
 * appends anyway; queueing them here as well means each is stamped (created_at) just before it goes,
 * so posts from one process never pass each other's stamps and retry (measured: 16 concurrent posters
 * on one channel otherwise spent most appends restamping). Other channels do not wait.
 */
export function inTurn<T>(db: Storage, channel: string, fn: () => Promise<T>): Promise<T> {
  const queue = turnsOf(db)
  const run = (queue.get(channel) ?? Promise.resolve()).then(fn, fn)
  const tail: Promise<unknown> = run.catch(() => undefined)
  queue.set(channel, tail)
  void tail.then(() => { if (queue.get(channel) === tail) queue.delete(channel) })
  return run
}
