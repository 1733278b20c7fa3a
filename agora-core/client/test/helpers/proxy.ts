import {createServer, connect} from 'node:net'
import type {AddressInfo, Server, Socket} from 'node:net'

/**
 * A real TCP relay in front of the hub. drop() destroys every relayed connection (the hub sees its
 * socket die); while `blocked`, new connections are destroyed at once, so a client stays offline.
 */
export class TcpRelay {
  blocked = false
  private readonly sockets = new Set<Socket>()
  /** hub-side socket -> client-side socket, for stall(). */
  private readonly pairs = new Map<Socket, Socket>()
  private readonly server: Server

  private constructor(private readonly targetPort: number) {
    this.server = createServer((inbound) => {
      if (this.blocked) return inbound.destroy()
      const outbound = connect(this.targetPort, '127.0.0.1')
      for (const s of [inbound, outbound]) {
        this.sockets.add(s)
        s.on('close', () => this.sockets.delete(s))
        s.on('error', () => s.destroy())
      }
      inbound.pipe(outbound).pipe(inbound)
      this.pairs.set(outbound, inbound)
      outbound.on('close', () => this.pairs.delete(outbound))
      inbound.on('close', () => outbound.destroy())
      outbound.on('close', () => inbound.destroy())
    })
  }

  static async start(targetUrl: string): Promise<TcpRelay> {
    const relay = new TcpRelay(Number(new URL(targetUrl).port))
    await new Promise<void>((resolve) => relay.server.listen(0, '127.0.0.1', resolve))
    return relay
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  /** Stop (true) or restart (false) reading from the hub: a client that stops reading, as seen by the hub. */
  stall(on: boolean): void {
    for (const [outbound, inbound] of this.pairs) {
      if (on) {
        outbound.unpipe(inbound)
        outbound.pause()
      } else outbound.pipe(inbound)
    }
  }

  drop(): void {
    for (const s of this.sockets) s.destroy()
  }

  async close(): Promise<void> {
    this.blocked = true
    this.drop()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}
