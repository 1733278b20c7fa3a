import {createHash, timingSafeEqual} from 'node:crypto'

// Keys and tokens are stored as hashes and compared in constant time. A leaf module: seats,
// channels (invite tokens), join and turn tokens and desk sessions all hash with it.

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}
