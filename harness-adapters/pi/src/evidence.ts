import type {EvidenceSpec} from '@agora/contract'

/**
 * `pi -p --mode json`: a first `{"type":"session","id"}` line, then agent/turn/message events,
 * `tool_execution_end{toolName, isError, result}` per tool, and `agent_end` (or `agent_settled`).
 * The bridge registers agora's tools as `agora_<tool>`.
 */
export const evidence: EvidenceSpec = {
  format: 'ndjson',
  summary: 'ndjson: tool_execution_end / agent_settled',
  toolNamePrefixes: ['agora_'],
  toolEvents: [
    {
      match: {type: 'tool_execution_end'},
      role: 'complete',
      name: ['toolName'],
      failed: [{isError: true}],
      output: 'result',
      errorText: ['result.content[0].text', 'error', 'result'],
    },
  ],
  terminal: [{type: 'agent_settled'}, {type: 'agent_end'}],
  // At exit code 0 a missing settle means a resource held the event loop open until a timeout.
  terminalMissing: 'stream-truncated',
  errors: [],
  mcpDown: [],
  sessionId: [{match: {type: 'session'}, path: 'id'}],
  toolFailure: {stage: 'tool', reason: 'agora-tool-failed'},
  failureClasses: [{when: ['mcp', 'timeout'], stage: 'mcp-init', reason: 'required-server-unavailable'}],
  notices: [],
}
