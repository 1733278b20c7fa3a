import {execFile} from 'node:child_process'

/** Run `<agora-mcp> --self-check` (fail-closed): null when it prints status ok, else the problem. */
export function mcpSelfCheck(command: string): Promise<string | null> {
  return new Promise((resolve) => {
    const child = execFile(command, ['--self-check'], {timeout: 20000}, (error, stdout, stderr) => {
      const line = String(stdout).trim().split('\n').pop() ?? ''
      try {
        const report = JSON.parse(line)
        if (!error && report?.status === 'ok') return resolve(null)
      } catch {}
      const why = error ? (error.code === 'ENOENT' ? 'not found' : `exit ${error.code ?? error.signal}`) : 'no status ok line'
      const tail = String(stderr).trim().split('\n').pop() ?? ''
      resolve(`agora-mcp self-check failed (${command}: ${why}${tail ? `; ${tail}` : ''}); the harness could not reach agora's tools`)
    })
    child.stdin?.end()
  })
}
