/**
 * Read a fetch answer's body, refusing it (null) once it passes `cap` bytes: a declared
 * Content-Length over the cap is refused before a byte is read, and a body that streams past
 * the cap is cancelled there, so a peer cannot make the client hold more than `cap` in memory.
 * The request's AbortSignal still bounds the time (a stalled body rejects when it fires).
 */
export async function readCapped(response: Response, cap: number): Promise<Buffer | null> {
  const declared = Number(response.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > cap) {
    await response.body?.cancel().catch(() => undefined)
    return null
  }
  if (!response.body) return Buffer.alloc(0)
  const chunks: Buffer[] = []
  let total = 0
  const reader = response.body.getReader()
  for (;;) {
    const {done, value} = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > cap) {
      await reader.cancel().catch(() => undefined)
      return null
    }
    chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength))
  }
  return Buffer.concat(chunks, total)
}

/** A byte count as people read it: `256 MiB`, `16 MiB`, `900 B`. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`
  return `${bytes} B`
}
