import type {NextFunction, Request, Response} from 'express'
import type {RouteAnswer} from '@agora/protocol'

export const SLOW_RING = 50

export interface SlowRequest {method: string; path: string; status: number; ms: number; at: number}

/**
 * The slow-request log behind GET /admin/slow: requests that took at least `thresholdMs`, newest
 * last, the oldest dropped past SLOW_RING. Paths only: query strings never reach the log.
 */
export class SlowLog {
  readonly entries: SlowRequest[] = []

  constructor(readonly thresholdMs: number, private readonly now: () => number) {}

  middleware() {
    return (req: Request, res: Response, next: NextFunction): void => {
      const started = process.hrtime.bigint()
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6
        if (ms < this.thresholdMs) return
        this.entries.push({method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms), at: this.now()})
        if (this.entries.length > SLOW_RING) this.entries.shift()
      })
      next()
    }
  }

  report(): RouteAnswer<'get /admin/slow'> {
    return {threshold_ms: this.thresholdMs, capacity: SLOW_RING, requests: [...this.entries].reverse()}
  }
}
