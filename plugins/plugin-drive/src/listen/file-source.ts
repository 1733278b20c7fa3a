import {closeSync, openSync, readFileSync, readSync, statSync} from 'node:fs'

import {writeSecureFile} from '@agora/home'

/** Where a `--once` listener resumes: the same file (inode) at a byte offset. */
export interface TailPosition {
  inode: number
  offset: number
}

/**
 * Follows the hub's notify file by name, read-only: a rotation (new inode) or truncation restarts
 * at the new file's beginning, a missing file is waited for. Returns whole lines only.
 */
export class NotifyTail {
  private inode = -1
  private offset = 0
  private partial = ''

  constructor(
    readonly path: string,
    start?: TailPosition,
  ) {
    const stats = this.stat()
    if (!stats) return
    this.inode = stats.ino
    this.offset = start && start.inode === stats.ino && start.offset <= stats.size ? start.offset : stats.size
  }

  position(): TailPosition {
    return {inode: this.inode, offset: this.offset - Buffer.byteLength(this.partial)}
  }

  /** New complete lines since the last read. */
  read(): string[] {
    const stats = this.stat()
    if (!stats) return []
    if (stats.ino !== this.inode || stats.size < this.offset) {
      this.inode = stats.ino
      this.offset = 0
      this.partial = ''
    }
    if (stats.size === this.offset) return []
    const fd = openSync(this.path, 'r')
    try {
      const buffer = Buffer.alloc(stats.size - this.offset)
      const got = readSync(fd, buffer, 0, buffer.length, this.offset)
      this.offset += got
      const text = this.partial + buffer.subarray(0, got).toString('utf8')
      const lines = text.split('\n')
      this.partial = lines.pop() ?? ''
      return lines.filter((line) => line.trim() !== '')
    } finally {
      closeSync(fd)
    }
  }

  private stat(): {ino: number; size: number} | undefined {
    try {
      const stats = statSync(this.path)
      return {ino: stats.ino, size: stats.size}
    } catch {
      return undefined
    }
  }
}

export function readTailPosition(path: string): TailPosition | undefined {
  try {
    const raw = JSON.parse(readFileSync(path, 'utf8')) as Partial<TailPosition>
    return typeof raw.inode === 'number' && typeof raw.offset === 'number' ? {inode: raw.inode, offset: raw.offset} : undefined
  } catch {
    return undefined
  }
}

export function writeTailPosition(path: string, position: TailPosition): void {
  if (position.inode >= 0) writeSecureFile(path, JSON.stringify(position) + '\n')
}
