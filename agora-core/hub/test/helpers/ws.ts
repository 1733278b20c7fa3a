// A recording WebSocket seat: every frame the hub sends is kept in order, and tests wait
// on predicates (never on wall-clock sleeps) — a sentinel post proves "nothing else came".
import {WebSocket} from 'ws'

export interface Frame {
  type: string
  [k: string]: any
}

export class WsSeat {
  readonly frames: Frame[] = []
  closeCode: number | null = null
  private waiters: Array<() => void> = []

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      try { this.frames.push(JSON.parse(String(data))) } catch { this.frames.push({type: 'unparseable', raw: String(data)}) }
      this.wake()
    })
    ws.on('close', (code) => { this.closeCode = code; this.wake() })
  }

  private wake() { for (const w of this.waiters.splice(0)) w() }

  /** Connect with `?token=`; resolves once open, rejects if the hub refuses the socket. */
  static connect(httpUrl: string, key: string): Promise<WsSeat> {
    const ws = new WebSocket(`${httpUrl.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(key)}`)
    const seat = new WsSeat(ws)
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(seat))
      ws.once('error', reject)
      ws.once('close', (code) => reject(new Error(`socket closed before open: ${code}`)))
    })
  }

  /** Connect and report the close code instead of throwing (for refusal tests). */
  static async connectExpectingClose(httpUrl: string, key: string, timeoutMs = 5000): Promise<number | null> {
    const ws = new WebSocket(`${httpUrl.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(key)}`)
    return new Promise((resolve) => {
      const t = setTimeout(() => { ws.terminate(); resolve(null) }, timeoutMs)
      ws.on('error', () => { /* the close event carries the code */ })
      ws.on('close', (code) => { clearTimeout(t); resolve(code) })
    })
  }

  send(frame: Record<string, unknown>) { this.ws.send(JSON.stringify(frame)) }

  envelopes(): any[] { return this.frames.filter((f) => f.type === 'envelope').map((f) => f.envelope) }

  /** Envelopes of one channel, in arrival order. */
  channelEnvelopes(channel: string): any[] { return this.envelopes().filter((e) => e.channel === channel) }

  /** Wait until some frame (at or after index `from`) satisfies `pred`; fails after `timeoutMs` with the frames seen. */
  async waitFor(pred: (f: Frame) => boolean, timeoutMs = 5000, from = 0): Promise<Frame> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const hit = this.frames.slice(from).find(pred)
      if (hit) return hit
      if (this.closeCode !== null) throw new Error(`socket closed (${this.closeCode}) while waiting; frames: ${JSON.stringify(this.frames).slice(0, 1500)}`)
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`timed out waiting for a frame; frames: ${JSON.stringify(this.frames).slice(0, 1500)}`)
      await new Promise<void>((r) => {
        const t = setTimeout(r, left)
        this.waiters.push(() => { clearTimeout(t); r() })
      })
    }
  }

  waitEnvelope(pred: (e: any) => boolean, timeoutMs = 5000) {
    return this.waitFor((f) => f.type === 'envelope' && pred(f.envelope), timeoutMs)
  }

  /** Wait for the close event and return its code. */
  async waitClose(timeoutMs = 5000): Promise<number> {
    const deadline = Date.now() + timeoutMs
    while (this.closeCode === null) {
      if (Date.now() > deadline) throw new Error('socket did not close')
      await new Promise<void>((r) => { const t = setTimeout(r, 50); this.waiters.push(() => { clearTimeout(t); r() }) })
    }
    return this.closeCode
  }

  /** Post through the socket and wait for the hub's `posted` (or `error`) reply frame. */
  async post(channel: string, msg: Record<string, unknown>): Promise<Frame> {
    const from = this.frames.length
    this.send({type: 'post', channel, ...msg})
    return this.waitFor((f) => f.type === 'posted' || f.type === 'error', 10000, from)
  }

  close() { this.ws.close() }
}
