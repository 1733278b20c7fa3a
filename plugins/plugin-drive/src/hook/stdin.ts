import type {Readable} from 'node:stream'

/**
 * Read the harness payload without ever hanging: whatever arrives within `limitMs` (or until EOF),
 * then the stream is released. An open pipe that never closes costs at most `limitMs`.
 */
export function readPayload(stream: Readable & {isTTY?: boolean}, limitMs = 250): Promise<Record<string, unknown>> {
  if (stream.isTTY) return Promise.resolve({})
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let done = false
    const finish = (): void => {
      if (done) return
      done = true
      clearTimeout(timer)
      stream.off('data', onData)
      stream.off('end', finish)
      stream.off('error', finish)
      stream.pause()
      ;(stream as Readable & {unref?: () => void}).unref?.()
      stream.destroy()
      resolve(parseObject(Buffer.concat(chunks).toString('utf8')))
    }
    const onData = (chunk: Buffer | string): void => {
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
    }
    const timer = setTimeout(finish, limitMs)
    stream.on('data', onData)
    stream.once('end', finish)
    stream.once('error', finish)
  })
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const parsed = JSON.parse(text) as unknown
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}
