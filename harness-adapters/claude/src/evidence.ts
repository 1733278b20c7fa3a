import type {EvidenceSpec} from '@agora/contract'

/**
 * `claude -p --output-format stream-json --verbose`: a system/init event reporting each MCP
 * server's status, assistant `tool_use` blocks named `mcp__agora__<tool>`, user `tool_result`
 * blocks paired by id, and one terminal `result` event. Every event carries `session_id`.
 */
export const evidence: EvidenceSpec = {
  format: 'ndjson',
  summary: 'ndjson: tool_use / result',
  toolNamePrefixes: ['mcp__agora__'],
  toolEvents: [
    {match: {type: 'assistant'}, each: {path: 'message.content', match: {type: 'tool_use'}}, role: 'call', name: ['name'], id: 'id'},
    {
      match: {type: 'user'},
      each: {path: 'message.content', match: {type: 'tool_result'}},
      role: 'result',
      id: 'tool_use_id',
      failed: [{is_error: true}],
      output: 'content',
    },
  ],
  terminal: [{type: 'result'}],
  terminalMissing: 'missing-terminal-event',
  // A failed result names its cause in `errors` (e.g. `No conversation found with session ID: …` when a
  // resumed session is gone) and only its class in `subtype`: the cause comes first.
  errors: [
    {match: {type: 'result', is_error: true}, message: ['result', 'errors[0]', 'subtype']},
    {match: {type: 'result', subtype: {notOneOf: ['success']}}, message: ['result', 'errors[0]', 'subtype']},
  ],
  // rc=0 lies here: claude exits 0 with a dead MCP server.
  mcpDown: [{type: 'system', subtype: 'init', 'mcp_servers[name=agora].status': {notOneOf: ['connected']}}],
  sessionId: ['session_id'],
  toolFailure: {stage: 'mcp-call', reason: '{tool}-failed'},
  failureClasses: [],
  notices: [],
  // the terminal result carries the final message whole
  assistantText: [{match: {type: 'result', subtype: 'success'}, path: 'result'}],
}
