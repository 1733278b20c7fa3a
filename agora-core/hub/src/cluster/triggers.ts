import type {Knex} from 'knex'
import {createHash} from 'node:crypto'
import {APPEND_FUNCTION_SQL, installAppend} from '../db/pg-append.js'
import {EMBEDDING_KEY} from '../services/search/index.js'

/** The LISTEN/NOTIFY channel every hub process on one PostgreSQL database shares. */
export const EVENTS = 'agora_events'

/**
 * PostgreSQL only: triggers that announce committed changes to the other hub processes. A
 * trigger's pg_notify is queued inside the writing transaction and delivered at its commit, in
 * commit order, and dropped on rollback, so no service has to remember to announce anything and
 * a listener never hears of a row it cannot read yet. `agora.origin` (set on every pooled
 * connection) lets a process skip its own events: it already published them in-process.
 * Installed idempotently at open, after the migrations; SQLite has one process and no triggers.
 */
const FUNCTION = `
CREATE OR REPLACE FUNCTION agora_announce() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  origin text := coalesce(current_setting('agora.origin', true), '');
BEGIN
  IF TG_TABLE_NAME = 'messages' THEN
    PERFORM pg_notify('${EVENTS}', json_build_object('k', 'm', 'o', origin, 'id', NEW.id, 'c', NEW.channel, 's', NEW.seq)::text);
  ELSIF TG_TABLE_NAME = 'blocks' THEN
    IF NEW.scope = 'hub' THEN
      PERFORM pg_notify('${EVENTS}', json_build_object('k', 'sever', 'o', origin, 'a', NEW.agent_id)::text);
    END IF;
    PERFORM pg_notify('${EVENTS}', json_build_object('k', 'cache', 'o', origin)::text);
  ELSIF TG_TABLE_NAME = 'presence' THEN
    -- One payload per transaction (PostgreSQL folds identical notifications): re-read the presence table.
    PERFORM pg_notify('${EVENTS}', json_build_object('k', 'presence', 'o', origin)::text);
  ELSIF TG_TABLE_NAME = 'store' THEN
    IF TG_OP = 'DELETE' THEN
      IF OLD.key = 'channel:meta' THEN
        PERFORM pg_notify('${EVENTS}', json_build_object('k', 'meta', 'o', origin, 'c', OLD.channel)::text);
      END IF;
    ELSIF NEW.key = 'channel:meta' THEN
      PERFORM pg_notify('${EVENTS}', json_build_object('k', 'meta', 'o', origin, 'c', NEW.channel)::text);
    END IF;
  ELSIF TG_TABLE_NAME = 'meta' THEN
    IF (CASE WHEN TG_OP = 'DELETE' THEN OLD.key ELSE NEW.key END) = '${EMBEDDING_KEY}' THEN
      PERFORM pg_notify('${EVENTS}', json_build_object('k', 'embedding', 'o', origin)::text);
    END IF;
  ELSE
    PERFORM pg_notify('${EVENTS}', json_build_object('k', 'cache', 'o', origin)::text);
  END IF;
  RETURN NULL;
END $$`

const TRIGGERS: Array<[name: string, sql: string]> = [
  ['agora_messages_insert', 'AFTER INSERT ON messages FOR EACH ROW'],
  // A retraction re-publishes the tombstone, as the retracting process does in-process.
  ['agora_messages_retract', 'AFTER UPDATE OF retracted_at ON messages FOR EACH ROW WHEN (NEW.retracted_at IS NOT NULL)'],
  ['agora_agents_change', 'AFTER INSERT OR UPDATE OR DELETE ON agents FOR EACH STATEMENT'],
  ['agora_channels_change', 'AFTER INSERT OR UPDATE OR DELETE ON channels FOR EACH STATEMENT'],
  ['agora_members_change', 'AFTER INSERT OR UPDATE OR DELETE ON members FOR EACH STATEMENT'],
  ['agora_pauses_change', 'AFTER INSERT OR UPDATE OR DELETE ON hub_pauses FOR EACH STATEMENT'],
  // Grants are mirrored too (Cache.grants): a grant or revocation made through another process reloads them here.
  ['agora_delegations_change', 'AFTER INSERT OR UPDATE OR DELETE ON delegations FOR EACH STATEMENT'],
  ['agora_blocks_change', 'AFTER INSERT OR UPDATE ON blocks FOR EACH ROW'],
  ['agora_meta_change', 'AFTER INSERT OR UPDATE OR DELETE ON store FOR EACH ROW'],
  // Per row, so a flush or clean-up that touched nothing announces nothing.
  ['agora_presence_change', 'AFTER INSERT OR UPDATE OR DELETE ON presence FOR EACH ROW'],
  // Only the semantic-search endpoint's row announces itself; the sweeps' bookkeeping rows stay quiet.
  ['agora_hub_meta_change', 'AFTER INSERT OR UPDATE OR DELETE ON meta FOR EACH ROW'],
]

/** The triggers every hub database carries, by name. */
export const TRIGGER_NAMES: readonly string[] = TRIGGERS.map(([name]) => name)

/** What this code installs: a process that finds this version in place (a restart, a second process) leaves it alone. */
const VERSION = `agora cluster objects ${createHash('sha256').update(FUNCTION).update(APPEND_FUNCTION_SQL)
  .update(JSON.stringify(TRIGGERS)).digest('hex').slice(0, 16)}`

/**
 * True when this database already has this version's functions and every trigger. Re-installing takes
 * DROP TRIGGER's ACCESS EXCLUSIVE lock on nine tables: a process starting beside a serving one would
 * queue every request of the running hubs behind its DDL, and could deadlock with a write touching two tables.
 */
async function installed(trx: Knex.Transaction): Promise<boolean> {
  const r = await trx.raw(`SELECT obj_description(to_regprocedure('agora_announce()'), 'pg_proc') AS version,
    (SELECT array_agg(t.tgname::text ORDER BY t.tgname) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace AND t.tgname LIKE 'agora%') AS triggers`)
  const row = (r as {rows: Array<{version: string | null; triggers: string[] | null}>}).rows[0]
  const want = [...TRIGGER_NAMES].sort()
  return row?.version === VERSION && JSON.stringify(row.triggers ?? []) === JSON.stringify(want)
}

export async function installTriggers(knex: Knex): Promise<void> {
  await knex.transaction(async trx => {
    // Two processes starting at once must not race on CREATE OR REPLACE.
    await trx.raw(`SELECT pg_advisory_xact_lock(${0x61676f7201})`)
    if (await installed(trx)) return
    await trx.raw(FUNCTION)
    await installAppend(trx)
    for (const [name, when] of TRIGGERS) {
      const table = /ON (\w+)/.exec(when)![1]
      await trx.raw(`DROP TRIGGER IF EXISTS ${name} ON ${table}`)
      await trx.raw(`CREATE TRIGGER ${name} ${when} EXECUTE FUNCTION agora_announce()`)
    }
    await trx.raw(`COMMENT ON FUNCTION agora_announce() IS '${VERSION}'`)
  })
}
