import type {WebSocket} from 'ws'

/** Frames a connection holds unanswered (received and not yet handled, or answered and not yet flushed) before it stops reading. */
export const PENDING_FRAMES_MAX = 256

/** Bytes of received frames a connection holds unhandled before it stops reading (four frames at ws's 1 MiB cap). */
export const PENDING_BYTES_MAX = 4 * 1024 * 1024

/**
 * Back-pressure on what a peer sends. Frames are handled one at a time and every one gets a reply,
 * so a peer that writes frames faster than they are handled, or never reads its replies, would have
 * the hub queue both without end (a never-reading client pinging in JSON grew a hub by 270 MB per
 * 21 MB it sent). Past either bound the socket stops being read (TCP pushes back on the peer) until
 * the backlog halves; a peer that never reads also misses the keepalive and is terminated.
 */
export class InboundGate {
  private frames = 0
  private bytes = 0

  constructor(private readonly ws: WebSocket) {}

  /** One frame (of `size` bytes) taken in, or one reply written: hold it until settle(). */
  hold(size = 0): void {
    this.frames++
    this.bytes += size
    if (!this.ws.isPaused && (this.frames >= PENDING_FRAMES_MAX || this.bytes >= PENDING_BYTES_MAX)) this.ws.pause()
  }

  /** The frame was handled, or the reply flushed. */
  settle(size = 0): void {
    this.frames--
    this.bytes -= size
    if (this.ws.isPaused && this.frames <= PENDING_FRAMES_MAX / 2 && this.bytes <= PENDING_BYTES_MAX / 2) this.ws.resume()
  }
}
