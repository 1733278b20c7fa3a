/**
 * agora's tools inside pi. pi ships no MCP client by design, but its extensions can register
 * native tools, so this extension is the client: it starts agora's stdio MCP server, lists its
 * tools and registers each as `agora_<name>`; a call becomes `tools/call`.
 *
 * Lifecycle matters: a child spawned when the extension loads keeps node's event loop alive and
 * `pi -p` never exits. So the server starts on `session_start`, stops on `session_shutdown`, and
 * every timer is unref'd.
 *
 * Environment (non-secret only): AGORA_MCP_COMMAND (default `agora-mcp`), AGORA_MCP_ARGS (a JSON
 * array, optional), AGORA_URL, AGORA_AGENT_ID, AGORA_HOME, AGORA_ABOUT, AGORA_DOWNLOAD_DIR. The
 * key variables are forced empty so the server reads the seat's key from its 0600 cache.
 *
 * The lease gate: before pi's `write` and `edit` run, the target path goes to `agora hook PreToolUse`
 * (AGORA_CLI, which `agora drive` sets, else `agora` on PATH); when another seat holds it exclusively the
 * call is blocked with the gate's text as its reason. An unreachable hub or a missing CLI lets the write
 * through: a lease is a reservation between seats, not a lock a hub outage may turn into a stop.
 */
import {execFile, spawn} from 'node:child_process'

const REQUEST_TIMEOUT_MS = 30000
const PROTOCOL_VERSION = '2025-06-18'

function serverEnv() {
  const env = {...process.env, AGORA_API_KEY: '', AGORA_ADMIN_KEY: ''}
  for (const name of ['AGORA_URL', 'AGORA_AGENT_ID', 'AGORA_HOME', 'AGORA_ABOUT']) env[name] = process.env[name] ?? ''
  return env
}

function serverArgs() {
  try {
    const args = JSON.parse(process.env.AGORA_MCP_ARGS || '[]')
    return Array.isArray(args) ? args.map(String) : []
  } catch {
    return []
  }
}

/** A newline-delimited JSON-RPC client over the server's stdio. */
function connect(command, args) {
  const child = spawn(command, args, {stdio: ['pipe', 'pipe', 'pipe'], env: serverEnv()})
  const waiting = new Map()
  let nextId = 1
  let buffered = ''
  const failAll = (error) => {
    for (const {reject, timer} of waiting.values()) {
      clearTimeout(timer)
      reject(error)
    }
    waiting.clear()
  }
  child.on('error', (error) => failAll(new Error(`cannot start ${command}: ${error.message}`)))
  child.on('exit', (code, signal) => failAll(new Error(`${command} exited (${signal ?? code})`)))
  child.stderr.on('data', (data) => {
    const text = String(data).trim()
    if (text) console.error(`agora-mcp: ${text.slice(0, 300)}`)
  })
  child.stdout.on('data', (chunk) => {
    buffered += chunk
    let newline
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline).trim()
      buffered = buffered.slice(newline + 1)
      if (!line) continue
      let message
      try {
        message = JSON.parse(line)
      } catch {
        continue
      }
      const entry = waiting.get(message.id)
      if (!entry) continue
      waiting.delete(message.id)
      clearTimeout(entry.timer)
      if (message.error) entry.reject(new Error(message.error.message || JSON.stringify(message.error)))
      else entry.resolve(message.result)
    }
  })
  const write = (message) => child.stdin.write(`${JSON.stringify(message)}\n`)
  return {
    request(method, params = {}) {
      return new Promise((resolve, reject) => {
        const id = nextId++
        const timer = setTimeout(() => {
          waiting.delete(id)
          reject(new Error(`agora bridge: no answer to ${method} within ${REQUEST_TIMEOUT_MS / 1000}s`))
        }, REQUEST_TIMEOUT_MS)
        timer.unref?.()
        waiting.set(id, {resolve, reject, timer})
        write({jsonrpc: '2.0', id, method, params})
      })
    },
    notify(method, params = {}) {
      write({jsonrpc: '2.0', method, params})
    },
    close() {
      failAll(new Error('agora bridge: session ended'))
      child.stdin.end()
      child.kill('SIGTERM')
    },
  }
}

const textOf = (result) => (result?.content ?? []).filter((c) => c.type === 'text').map((c) => c.text).join('\n')

const GATED_TOOLS = new Set(['write', 'edit'])

/** The agora CLI as [command, ...leading args]: a script path runs under this node. */
function agoraCommand() {
  const cli = process.env.AGORA_CLI || 'agora'
  return cli.endsWith('.js') ? [process.execPath, cli] : [cli]
}

/** The gate's refusal text for writing `path`, or '' when the write may go ahead. */
function leaseRefusal(toolName, path, cwd) {
  if (typeof path !== 'string' || !path) return Promise.resolve('')
  const [command, ...lead] = agoraCommand()
  const seat = ['--as', process.env.AGORA_AGENT_ID ?? '', '--url', process.env.AGORA_URL ?? '']
  if (process.env.AGORA_HOME) seat.push('--home', process.env.AGORA_HOME)
  return new Promise((resolve) => {
    const child = execFile(command, [...lead, 'hook', 'PreToolUse', ...seat, '--path-field', 'path'], {timeout: 15000, env: serverEnv()}, (_error, stdout) => {
      try {
        const out = JSON.parse(String(stdout).trim() || '{}').hookSpecificOutput
        resolve(out?.permissionDecision === 'deny' ? out.permissionDecisionReason || 'refused by the agora lease gate' : '')
      } catch {
        resolve('')
      }
    })
    child.on('error', () => resolve(''))
    child.stdin.end(JSON.stringify({tool_name: toolName, tool_input: {path}, cwd}))
  })
}

export default function agoraBridge(pi) {
  pi.on('tool_call', async (event, ctx) => {
    if (!GATED_TOOLS.has(event.toolName)) return undefined
    const reason = await leaseRefusal(event.toolName, event.input?.path, ctx?.cwd || process.cwd())
    return reason ? {block: true, reason} : undefined
  })

  let server = null

  pi.on('session_start', async () => {
    if (server) return
    const command = process.env.AGORA_MCP_COMMAND || 'agora-mcp'
    server = connect(command, serverArgs())
    const current = server
    try {
      await current.request('initialize', {protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: {name: 'agora-pi-bridge', version: '1'}})
      current.notify('notifications/initialized')
      const {tools = []} = await current.request('tools/list')
      for (const tool of tools) {
        const schema = tool.inputSchema ?? {}
        pi.registerTool({
          name: `agora_${tool.name}`,
          label: `agora ${tool.name}`,
          description: tool.description || tool.name,
          parameters: {type: 'object', properties: schema.properties ?? {}, required: schema.required ?? []},
          async execute(_callId, params) {
            const result = await current.request('tools/call', {name: tool.name, arguments: params ?? {}})
            const text = textOf(result)
            if (result?.isError) throw new Error(text || `agora ${tool.name} failed`)
            return {content: [{type: 'text', text}], details: {}}
          },
        })
      }
    } catch (error) {
      // Loud on purpose: a seat whose bridge failed must not look alive with no tools.
      console.error(`agora bridge: startup failed: ${error.message}`)
    }
  })

  pi.on('session_shutdown', async () => {
    server?.close()
    server = null
  })
}
