import {watch} from 'node:fs'
import type {FSWatcher} from 'node:fs'
import {basename, dirname} from 'node:path'

import type {NotifyEvent} from './notify-line.js'
import {parseNotifyLine} from './notify-line.js'
import {NotifyTail, readTailPosition, writeTailPosition} from './file-source.js'

/** Where notify events come from: the hub's notify file or a hub socket. */
export interface EventSource {
  readonly kind: 'file' | 'ws'
  /** Events available now (may be empty); waits at most `waitMs`. */
  next(waitMs: number): Promise<NotifyEvent[]>
  /** Persist the resume point (file mode); called on heartbeat and exit. */
  checkpoint(): void
  close(): void
}

const POLL_MS = 500

export interface FileSourceOptions {
  path: string
  offsetPath: string
  /** Resume from the persisted offset (a `--once` instance) instead of the file's end. */
  resume: boolean
  warn(line: string): void
}

export function fileSource(options: FileSourceOptions): EventSource {
  const tail = new NotifyTail(options.path, options.resume ? readTailPosition(options.offsetPath) : undefined)
  let warnedLegacy = false
  const drain = (): NotifyEvent[] => {
    const events: NotifyEvent[] = []
    for (const line of tail.read()) {
      const parsed = parseNotifyLine(line)
      if ('event' in parsed) events.push(parsed.event)
      else if (parsed.skip === 'legacy' && !warnedLegacy) {
        warnedLegacy = true
        options.warn(`agora listen: skipping notify lines from a pre-0.4 hub in ${options.path}; upgrade the hub`)
      }
    }
    return events
  }
  // inotify on the folder wakes a read at once (and sees rotation and re-creation); the poll stays as the floor
  let poke: (() => void) | undefined
  let watcher: FSWatcher | undefined
  try {
    watcher = watch(dirname(options.path), {persistent: false}, (_event, name) => {
      if (name === null || name === basename(options.path)) poke?.()
    })
    watcher.on('error', () => watcher?.close())
  } catch {
    watcher = undefined
  }
  return {
    kind: 'file',
    async next(waitMs) {
      const now = drain()
      if (now.length > 0 || waitMs <= 0) return now
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.min(waitMs, POLL_MS))
        function done(): void {
          clearTimeout(timer)
          poke = undefined
          resolve()
        }
        poke = done
      })
      return drain()
    },
    checkpoint: () => writeTailPosition(options.offsetPath, tail.position()),
    close: () => watcher?.close(),
  }
}
