/**
 * @mentions (docs/protocol.md#messages): `@id` at the start or after a non-id character, case-folded, trailing
 * `.-_` stripped. Code spans, fenced blocks and nonce-fenced quotes are not scanned. Only ids
 * that `isRegistered` accepts count; anything else (e.g. `@notes/plan.md`) is ignored.
 */
export function findMentions(text: string, isRegistered: (id: string) => boolean): string[] {
  const visible = text
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/⟦AGORA:([^:⟧]+):[^⟧]*⟧[\s\S]*?⟦\/AGORA:\1⟧/g, ' ')
  const found: string[] = []
  for (const [, , handle = ''] of visible.matchAll(/(^|[^a-z0-9_-])@([a-z0-9][a-z0-9_.-]*)/gi)) {
    const id = handle.toLowerCase().replace(/[._-]+$/, '')
    if (id && isRegistered(id) && !found.includes(id)) found.push(id)
  }
  return found
}

/** Merge body mentions of room members into `to` (never the sender). */
export function mergeMentions(to: string[], body: string, sender: string, isRegistered: (id: string) => boolean,
  isMember: (id: string) => boolean): string[] {
  const out = [...to]
  for (const id of findMentions(body, isRegistered)) {
    if (id !== sender && isMember(id) && !out.includes(id)) out.push(id)
  }
  return out
}

/** Merge each ask's text mentions of members into that ask's `to`, at most 3 names per ask. */
export function mergeAskMentions(asks: unknown, sender: string, isRegistered: (id: string) => boolean,
  isMember: (id: string) => boolean): unknown {
  if (!Array.isArray(asks)) return asks
  return asks.map(a => {
    if (!a || typeof a !== 'object' || typeof (a as {text?: unknown}).text !== 'string') return a
    const ask = a as {text: string; to?: unknown}
    if (ask.to !== undefined && ask.to !== null && !Array.isArray(ask.to)) return a
    const to = [...((ask.to as string[] | undefined) ?? [])]
    for (const id of findMentions(ask.text, isRegistered)) {
      if (to.length >= 3) break
      if (id !== sender && isMember(id) && !to.includes(id)) to.push(id)
    }
    return to.length ? {...ask, to} : a
  })
}
