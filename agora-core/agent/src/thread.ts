import type {MessageRow} from '@agora/client'

/**
 * The thread holding `id` within a page of history: walk reply_to up to the root, then keep every
 * row whose chain reaches that root. Root first, in seq order.
 */
export function threadOf(rows: MessageRow[], id: string): MessageRow[] {
  const byId = new Map(rows.map((row) => [row.id, row]))
  const rootOf = (rowId: string): string => {
    let current = byId.get(rowId)
    const seen = new Set<string>()
    while (current?.reply_to && byId.has(current.reply_to) && !seen.has(current.id)) {
      seen.add(current.id)
      current = byId.get(current.reply_to)
    }
    return current?.id ?? rowId
  }
  const root = rootOf(id)
  return rows.filter((row) => rootOf(row.id) === root).sort((a, b) => a.seq - b.seq)
}
