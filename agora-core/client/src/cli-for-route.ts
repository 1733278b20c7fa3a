/**
 * The hub teaches in the wire's words (`list files with GET /channels/proj/fs`), which an MCP client or a script
 * reads as is; a CLI user needs the command instead. Each listing route a hub refusal names, as the `agora`
 * command that shows the same thing.
 */
const ROUTES: Array<{pattern: RegExp; command: (parts: string[]) => string}> = [
  {pattern: /^\/channels$/, command: () => 'agora channels'},
  {pattern: /^\/channels\/([^/]+)\/fs$/, command: ([c]) => `agora fs list ${c}`},
  {pattern: /^\/channels\/([^/]+)\/fshist\/(.+)$/, command: ([c, p]) => `agora fs history ${c} ${p}`},
  {pattern: /^\/channels\/([^/]+)\/store$/, command: ([c]) => `agora store list ${c}`},
  {pattern: /^\/channels\/([^/]+)\/digest$/, command: ([c]) => `agora digest ${c}`},
  {pattern: /^\/board$/, command: () => 'agora board'},
]

/** The CLI command for the first `GET /<route>` a hub sentence names, when the CLI has one; else null. */
export function cliForRouteIn(detail: string): string | null {
  for (const [, path = ''] of detail.matchAll(/\bGET (\/[^\s;,)`'"]*)/g)) {
    const route = path.replace(/[.:]$/, '')
    for (const {pattern, command} of ROUTES) {
      const m = pattern.exec(route)
      if (m) return command(m.slice(1).map(part => { try { return decodeURIComponent(part) } catch { return part } }))
    }
  }
  return null
}
