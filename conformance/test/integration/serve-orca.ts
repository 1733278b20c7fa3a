import {spawn} from 'node:child_process'
import type {ChildProcess} from 'node:child_process'
import {createInterface} from 'node:readline'
import {RUN} from '../cli.js'

/** `agora serve orca` as a real child; resolves with its URL once the ready line is printed. */
export async function serveOrca(env: Record<string, string>, cwd: string, seat: string, extra: string[] = []): Promise<{child: ChildProcess; url: string; output: () => string}> {
  const child = spawn(process.execPath, [RUN, 'serve', 'orca', '--seat', seat, '--port', '0', '--turn-timeout', '180', ...extra], {cwd, env, stdio: ['ignore', 'pipe', 'pipe']})
  let output = ''
  child.stderr!.on('data', (c) => { output += c })
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({input: child.stdout!}).on('line', (line) => {
      output += line + '\n'
      const ready = /^AGORA_ORCA event=ready status=ok url=(\S+)/.exec(line)?.[1]
      if (ready) resolve(ready)
    })
    child.once('exit', (code) => reject(new Error(`agora serve orca exited ${code}: ${output}`)))
  })
  return {child, url, output: () => output}
}

/** One `/run` with a minimal envelope; the NDJSON events it streamed, parsed. */
export async function runOnce(url: string, prompt: string, sessionId = 'orca-s1'): Promise<Array<Record<string, unknown>>> {
  const res = await fetch(`${url}/run`, {method: 'POST', headers: {'content-type': 'application/json'},
    body: JSON.stringify({sessionId, profile: {name: 'dev', runtime: 'custom'}, subtask: {id: 'r1', sessionId, prompt}})})
  const text = await res.text()
  return text.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>)
}
