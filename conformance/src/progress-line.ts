import type {ProbeProgress} from './run-probes.js'

export interface ProgressStream {
  isTTY?: boolean
  write(text: string): unknown
}

/**
 * The live line a terminal shows while a probe runs: harness, probe and the seconds it has taken so far,
 * redrawn each second, so a 75 s live turn visibly works instead of sitting silent. Erased when the probe
 * ends (the report prints the result). Nothing at all on a non-terminal (CI logs, pipes, --json).
 */
export function progressLine(stream: ProgressStream, harness: string, tickMs = 1000, now: () => number = Date.now): ProbeProgress {
  if (stream.isTTY !== true) return {}
  let timer: ReturnType<typeof setInterval> | null = null
  const halt = () => {
    if (timer) clearInterval(timer)
    timer = null
  }
  return {
    start(probe) {
      halt()
      const started = now()
      const draw = () => stream.write(`\r\x1b[2K  ${harness} ${probe.id} ${probe.capability} … ${Math.floor((now() - started) / 1000)}s`)
      draw()
      timer = setInterval(draw, tickMs)
      timer.unref?.()
    },
    done() {
      halt()
      stream.write('\r\x1b[2K')
    },
  }
}
