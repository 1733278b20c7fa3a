import type {Ctx} from '../kernel/index.js'
import {fail, sanitizeMultiline} from '../kernel/index.js'
import type {AgentRec} from '../kernel/index.js'
import type {RouteAnswer} from '@agora/protocol'

export const COLLEAGUE_NOTE_MAX = 2000

interface NoteRow {subject: string; note: string; updated_at: number}

/** The seat a note is about: 404 unknown, 410 deleted (retired seats can still be noted). */
function subjectOf(ctx: Ctx, id: string): AgentRec {
  const a = ctx.cache.agents.get(id)
  if (!a) fail(404, `no agent '${id}'; list seats with GET /agents`)
  if (a.deleted_at != null) fail(410, `'${id}' was deleted; notes about it were erased with it`)
  return a
}

/**
 * PUT /colleagues/{subject}: the author's private impression of another seat; one note per
 * (author, subject), replaced on every write. An empty note removes it. Nobody else can read it.
 */
export async function setColleagueNote(ctx: Ctx, author: AgentRec, subject: string, raw: string): Promise<RouteAnswer<'put /colleagues/{subject}'>> {
  const target = subjectOf(ctx, subject)
  if (target.id === author.id) fail(400, 'colleague notes are about other seats; keep notes about yourself in your own files')
  const note = sanitizeMultiline(raw)
  if (note.length > COLLEAGUE_NOTE_MAX) fail(413, `note is ${note.length} characters; the limit is ${COLLEAGUE_NOTE_MAX}, shorten it`)
  const at = ctx.now()
  if (!note) {
    const gone = await ctx.db.run('DELETE FROM colleague_notes WHERE author = ? AND subject = ?', author.id, target.id)
    return {subject: target.id, note: '', updated_at: at, removed: gone.changes > 0}
  }
  await ctx.db.run(`INSERT INTO colleague_notes (author, subject, note, updated_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (author, subject) DO UPDATE SET note = excluded.note, updated_at = excluded.updated_at`, author.id, target.id, note, at)
  return {subject: target.id, note, updated_at: at, removed: false}
}

/** GET /colleagues[?subject=]: the caller's own notes, by subject. */
export async function colleagueNotes(ctx: Ctx, author: AgentRec, subject: string | undefined): Promise<NoteRow[]> {
  if (subject !== undefined) {
    const target = subjectOf(ctx, subject)
    return ctx.db.all<NoteRow>('SELECT subject, note, updated_at FROM colleague_notes WHERE author = ? AND subject = ?', author.id, target.id)
  }
  return ctx.db.all<NoteRow>('SELECT subject, note, updated_at FROM colleague_notes WHERE author = ? ORDER BY subject LIMIT 1000', author.id)
}
