import type {EvidenceSpec} from '@agora/contract'

/**
 * `abstractcode exec --json`: `{"event":"tool_result","tool","success","result"}` per tool and a
 * final `{"event":"final","status":"completed"|…,"error"?}`. agora's tools arrive as
 * `mcp__agora__<tool>`, `<server>::agora::<tool>` or `agora_<tool>`.
 */
export const evidence: EvidenceSpec = {
  format: 'ndjson',
  summary: 'ndjson: tool_result / final',
  toolNamePrefixes: ['mcp__agora__', '::agora::', 'agora_'],
  toolEvents: [{match: {event: 'tool_result'}, role: 'complete', name: ['tool'], failed: [{success: false}], output: 'result', errorText: ['error', 'result']}],
  terminal: [{event: 'final', status: 'completed'}],
  terminalMissing: 'missing-successful-final',
  errors: [],
  mcpDown: [],
  // Continuity is the lane's state file, not an id in the stream.
  sessionId: [],
  toolFailure: {stage: 'mcp-call', reason: '{tool}-failed'},
  failureClasses: [],
  notices: [],
}
