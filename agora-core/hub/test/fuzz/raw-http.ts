// Raw bytes to a hub over node:net, for the transport sweeps: requests split at any byte, pipelined,
// malformed below the JSON (framing, headers), and WebSocket frames built by hand.
import {connect} from 'node:net'
import type {Socket} from 'node:net'

export interface RawConnection {
  socket: Socket
  /** Every byte the hub sent so far. */
  received(): Buffer
  /** Resolves when the hub (or we) closed the connection. */
  closed: Promise<void>
  isClosed(): boolean
}

export async function openRaw(url: string): Promise<RawConnection> {
  const {hostname, port} = new URL(url)
  const socket = connect(Number(port), hostname)
  const chunks: Buffer[] = []
  let done = false
  socket.on('data', (c: Buffer) => chunks.push(c))
  socket.on('error', () => { /* a reset is one way of being closed */ })
  const closed = new Promise<void>((ok) => socket.once('close', () => { done = true; ok() }))
  await new Promise<void>((ok) => socket.once('connect', () => ok()))
  return {socket, received: () => Buffer.concat(chunks), closed, isClosed: () => done}
}

/** One HTTP/1.1 request as bytes, with a correct Content-Length when it has a body. */
export function httpRequest(method: string, path: string, o: {key?: string; body?: string | Buffer; headers?: Record<string, string>; close?: boolean} = {}): Buffer {
  const body = o.body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(o.body) ? o.body : Buffer.from(o.body, 'utf8')
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: hub']
  if (o.key) lines.push(`Authorization: Bearer ${o.key}`)
  if (o.body !== undefined) lines.push('Content-Type: application/json', `Content-Length: ${body.length}`)
  for (const [k, v] of Object.entries(o.headers ?? {})) lines.push(`${k}: ${v}`)
  if (o.close) lines.push('Connection: close')
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body])
}

export interface ParsedResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/** Split a byte stream into HTTP/1.1 responses (Content-Length or chunked bodies); a truncated tail is dropped. */
export function parseResponses(bytes: Buffer): ParsedResponse[] {
  const out: ParsedResponse[] = []
  let at = 0
  while (at < bytes.length) {
    const end = bytes.indexOf('\r\n\r\n', at, 'latin1')
    if (end < 0) break
    const [statusLine = '', ...headerLines] = bytes.subarray(at, end).toString('latin1').split('\r\n')
    const headers: Record<string, string> = {}
    for (const line of headerLines) {
      const colon = line.indexOf(':')
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
    }
    let bodyAt = end + 4
    let body: Buffer
    if (headers['transfer-encoding'] === 'chunked') {
      const parts: Buffer[] = []
      for (;;) {
        const lineEnd = bytes.indexOf('\r\n', bodyAt, 'latin1')
        if (lineEnd < 0) return out
        const size = parseInt(bytes.subarray(bodyAt, lineEnd).toString('latin1'), 16)
        bodyAt = lineEnd + 2
        if (size === 0) { bodyAt += 2; break }
        parts.push(bytes.subarray(bodyAt, bodyAt + size))
        bodyAt += size + 2
      }
      body = Buffer.concat(parts)
    } else {
      const length = Number(headers['content-length'] ?? 0)
      if (bodyAt + length > bytes.length) break
      body = bytes.subarray(bodyAt, bodyAt + length)
      bodyAt += length
    }
    out.push({status: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8')})
    at = bodyAt
  }
  return out
}

/** Write `chunks` one by one, yielding to the event loop between them so each is its own TCP write. */
export async function writeApart(socket: Socket, chunks: Buffer[]): Promise<void> {
  for (const chunk of chunks) {
    socket.write(chunk)
    await new Promise((ok) => setTimeout(ok, 1))
  }
}

/** Cut `bytes` at the given offsets (any order, duplicates and out-of-range ones ignored). */
export function splitAt(bytes: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.filter((c) => c > 0 && c < bytes.length))].sort((a, b) => a - b)
  const parts: Buffer[] = []
  let from = 0
  for (const p of points) { parts.push(bytes.subarray(from, p)); from = p }
  parts.push(bytes.subarray(from))
  return parts
}

const WS_KEY = 'dGhlIHNhbXBsZSBub25jZQ=='

/** Upgrade a raw connection to a WebSocket as seat `key`; resolves once the 101 arrived. */
export async function rawWebSocket(url: string, key: string): Promise<RawConnection> {
  const raw = await openRaw(url)
  raw.socket.write(httpRequest('GET', `/ws?token=${encodeURIComponent(key)}`, {headers: {Upgrade: 'websocket', Connection: 'Upgrade', 'Sec-WebSocket-Key': WS_KEY, 'Sec-WebSocket-Version': '13'}}))
  while (!raw.received().includes('\r\n\r\n') && !raw.isClosed()) await new Promise((ok) => setTimeout(ok, 5))
  if (!raw.received().toString('latin1').startsWith('HTTP/1.1 101')) throw new Error(`upgrade refused: ${raw.received().toString('latin1').slice(0, 200)}`)
  return raw
}

/** One client frame (masked with a zero key, so the payload reads as is). */
export function clientFrame(opcode: number, payload: Buffer, fin = true): Buffer {
  const first = (fin ? 0x80 : 0) | opcode
  let header: Buffer
  if (payload.length < 126) header = Buffer.from([first, 0x80 | payload.length])
  else if (payload.length < 65536) { header = Buffer.alloc(4); header[0] = first; header[1] = 0x80 | 126; header.writeUInt16BE(payload.length, 2) }
  else { header = Buffer.alloc(10); header[0] = first; header[1] = 0x80 | 127; header.writeBigUInt64BE(BigInt(payload.length), 2) }
  return Buffer.concat([header, Buffer.alloc(4), payload])
}

/** Text payloads of the unmasked server frames in `bytes` after the 101 head (control frames skipped). */
export function serverTexts(bytes: Buffer): string[] {
  let at = bytes.indexOf('\r\n\r\n', 0, 'latin1') + 4
  const texts: string[] = []
  while (at + 2 <= bytes.length) {
    const opcode = (bytes[at] ?? 0) & 0x0f
    let length = (bytes[at + 1] ?? 0) & 0x7f
    let head = 2
    if (length === 126) { length = bytes.readUInt16BE(at + 2); head = 4 } else if (length === 127) { length = Number(bytes.readBigUInt64BE(at + 2)); head = 10 }
    if (at + head + length > bytes.length) break
    if (opcode === 1) texts.push(bytes.subarray(at + head, at + head + length).toString('utf8'))
    at += head + length
  }
  return texts
}
