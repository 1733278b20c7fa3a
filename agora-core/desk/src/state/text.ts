/**
 * Peer text is data. The desk renders it only as text nodes (never as markup: no innerHTML
 * anywhere in src/ui, checked by a test), and this makes the characters that can still deceive
 * a reader visible: controls, invisible characters and bidirectional overrides become ⟨U+XXXX⟩.
 */
const DECEPTIVE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u034f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g

export function displayText(text: string | null | undefined): string {
  if (!text) return ''
  return text.replace(DECEPTIVE, c => `⟨U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`)
}

/** One line of at most `max` code points, for table cells. */
export function oneLine(text: string | null | undefined, max = 120): string {
  const flat = displayText(text).replace(/\s+/g, ' ').trim()
  const chars = [...flat]
  return chars.length > max ? chars.slice(0, max - 1).join('') + '…' : flat
}

/** `3m`, `2h 05m`, `4d 3h`: an age a person reads at a glance. */
export function age(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  if (s < 60) return `${s}s`
  if (s < 3600) return `${Math.floor(s / 60)}m`
  if (s < 86400) return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`
  return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`
}
