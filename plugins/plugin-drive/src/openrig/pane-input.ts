/** What one submitted pane block means. */
export type PaneEvent =
  | {kind: 'prompt'; text: string}
  | {kind: 'abort'; via: '/abort' | 'ctrl-c'}
  | {kind: 'refused'; reason: string}

/** One block's cap, as OpenRig's own runner caps pane input: larger is refused whole, never split. */
export const PANE_BLOCK_LIMIT = 1024 * 1024

const PASTE_START = '\x1b[200~'
const PASTE_END = '\x1b[201~'
const CTRL_C = '\x03'

/**
 * Pane input as `rig send` delivers it: the whole message pasted, then Enter. On a TTY (raw mode,
 * bracketed paste on) everything up to that Enter is one block, newlines inside the paste included;
 * without a TTY each line is a block. A block that is exactly `/abort`, or Ctrl-C, is control;
 * every other block is one prompt, never split and never read line by line for commands.
 */
export class PaneParser {
  private pending = ''
  private block = ''
  private pasting = false
  private oversize = false
  /** The last character was a CR: a LF right after it (even in the next read) is the same line break. */
  private afterCR = false

  constructor(private readonly tty: boolean, private readonly emit: (event: PaneEvent) => void) {}

  feed(chunk: string): void {
    this.pending += chunk
    let i = 0
    while (i < this.pending.length) {
      const rest = this.pending.slice(i)
      const ch = rest.charAt(0) // i < pending.length: one character
      if (ch === CTRL_C) {
        // a Ctrl-C byte aborts even inside a paste (a stated limit of the recipe), and drops the block
        this.reset()
        this.afterCR = false
        this.emit({kind: 'abort', via: 'ctrl-c'})
        i += 1
        continue
      }
      if (this.tty && ch === '\x1b') {
        const marker = [PASTE_START, PASTE_END].find((m) => rest.startsWith(m))
        if (marker) {
          this.afterCR = false
          this.pasting = marker === PASTE_START
          i += marker.length
          continue
        }
        // a marker split across chunks: wait for the rest
        if ([PASTE_START, PASTE_END].some((m) => m.startsWith(rest))) break
        if (!this.pasting) {
          this.afterCR = false
          i += escapeLength(rest)
          continue
        }
      }
      const enter = ch === '\r' || ch === '\n'
      const crlf = ch === '\n' && this.afterCR
      this.afterCR = ch === '\r'
      if (crlf) {
        // the LF of a CRLF: already counted
      } else if (enter && (!this.tty || !this.pasting)) {
        this.submit()
      } else if (this.tty && !this.pasting && (ch === '\x7f' || ch === '\b')) {
        this.block = this.block.slice(0, -1)
      } else if (this.tty && !this.pasting && ch < ' ' && ch !== '\t') {
        // other control keys typed outside a paste say nothing
      } else {
        this.add(enter ? '\n' : ch)
      }
      i += 1
    }
    this.pending = this.pending.slice(i)
  }

  /** The input ended (no TTY): a last line without its newline still counts. */
  end(): void {
    if (this.block !== '' || this.oversize) this.submit()
  }

  private add(text: string): void {
    if (this.oversize) return
    if (this.block.length + text.length > PANE_BLOCK_LIMIT) {
      this.oversize = true
      this.block = ''
      return
    }
    this.block += text
  }

  private submit(): void {
    const text = this.block
    const oversize = this.oversize
    this.reset()
    if (oversize) return this.emit({kind: 'refused', reason: `the message is over ${PANE_BLOCK_LIMIT / 1024} KiB; send it as a file and name the file`})
    if (text.trim() === '') return
    if (text.trim() === '/abort') return this.emit({kind: 'abort', via: '/abort'})
    this.emit({kind: 'prompt', text})
  }

  private reset(): void {
    this.block = ''
    this.pasting = false
    this.oversize = false
  }
}

/** Length of one escape sequence (CSI `ESC [ … final`, or ESC plus one key), so arrow keys type nothing. */
function escapeLength(text: string): number {
  if (text[1] !== '[') return Math.min(2, text.length)
  for (let j = 2; j < text.length; j++) {
    const code = text.charCodeAt(j)
    if (code >= 0x40 && code <= 0x7e) return j + 1
  }
  return text.length
}
