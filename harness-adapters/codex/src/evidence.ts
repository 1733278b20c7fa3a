import type {EvidenceSpec} from '@agora/contract'

/**
 * `codex exec --json`: `thread.started{thread_id}`, `item.started` / `item.completed` whose item
 * is an `mcp_tool_call{server, tool, result, error, status}`, `error` / `turn.failed` events, and
 * the terminal `turn.completed`. Tool names are bare; `item.server` says the call is agora's.
 */
export const evidence: EvidenceSpec = {
  format: 'ndjson',
  summary: 'ndjson: mcp_tool_call / turn.completed',
  toolNamePrefixes: [],
  toolEvents: [
    {
      match: {type: 'item.completed', 'item.type': 'mcp_tool_call'},
      role: 'complete',
      name: ['item.tool', 'item.name'],
      agora: {'item.server': 'agora'},
      failed: [{'item.error': {empty: false}}, {'item.status': {oneOf: ['failed', 'error']}}],
      output: 'item.result',
      errorText: ['item.error.message', 'item.error'],
    },
  ],
  terminal: [{type: 'turn.completed'}],
  terminalMissing: 'missing-terminal-event',
  errors: [
    {match: {type: 'error'}, message: ['message']},
    {match: {type: 'turn.failed'}, message: ['error.message']},
  ],
  mcpDown: [],
  sessionId: [{match: {type: 'thread.started'}, path: 'thread_id'}],
  toolFailure: {stage: 'mcp-call', reason: '{tool}-failed'},
  failureClasses: [
    {when: ['required mcp servers failed to initialize'], stage: 'mcp-init', reason: 'required-server-unavailable'},
    {when: ['mcp startup failed'], stage: 'mcp-init', reason: 'required-server-unavailable'},
    {when: ['handshaking with mcp server'], stage: 'mcp-init', reason: 'required-server-unavailable'},
    {when: ['reasoning.effort', 'unsupported value'], stage: 'harness-config', reason: 'model-reasoning-incompatible'},
    {when: ['requires a newer version of codex'], stage: 'harness-config', reason: 'model-needs-newer-codex'},
    {when: ['model', 'invalid_request_error', 'not supported'], stage: 'harness-config', reason: 'model-unsupported'},
  ],
  notices: [],
  // each agent_message item is one whole message; the last is the answer
  assistantText: [{match: {type: 'item.completed', 'item.type': 'agent_message'}, path: 'item.text'}],
}
