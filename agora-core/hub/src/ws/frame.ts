import type {Duplex} from 'node:stream'
import type {WebSocket} from 'ws'

/**
 * One unmasked, unfragmented WebSocket text frame (the base framing of RFC 6455): FIN + opcode 1, the payload
 * length in 7, 7+16 or 7+64 bits, then the payload. A server never masks its frames.
 */
export function textFrame(payload: Buffer): Buffer {
  const n = payload.length
  const head = n <= 125 ? 2 : n <= 0xffff ? 4 : 10
  const out = Buffer.allocUnsafe(head + n)
  out[0] = 0x81
  if (head === 2) {
    out[1] = n
  } else if (head === 4) {
    out[1] = 126
    out.writeUInt16BE(n, 2)
  } else {
    out[1] = 127
    out.writeUInt32BE(0, 2)
    out.writeUInt32BE(n, 6) // envelopes are far below 4 GiB
  }
  payload.copy(out, head)
  return out
}

/** The payload of a frame built by textFrame (a view, no copy). */
export function framePayload(frame: Buffer): Buffer {
  const len = frame[1] as number
  return frame.subarray(len <= 125 ? 2 : len === 126 ? 4 : 10)
}

/**
 * Writes pre-framed text frames straight to the socket ws sends on, so one fan-out frames each
 * envelope once instead of ws framing it again per socket (a header buffer and a two-buffer writev
 * each). Safe only while ws itself would write synchronously and unchanged: no extension negotiated
 * (permessage-deflate compresses and queues), which `usable` checks per socket. ws's own frames
 * (pings, closes, our string frames) go to the same socket in call order, each one whole.
 */
export class FrameWriter {
  constructor(private readonly ws: WebSocket, private readonly socket: Duplex) {}

  /** False when ws negotiated an extension: send through ws.send instead. */
  get usable(): boolean {
    return this.ws.extensions === '' && !this.socket.destroyed
  }

  write(frame: Buffer, done: (err?: Error | null) => void): void {
    this.socket.write(frame, done)
  }
}
