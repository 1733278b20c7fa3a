import type {EvidenceSpec} from './evidence-spec.js'
import type {WorkspaceFootprint} from './workspace-spec.js'
import {ACP_WORKSPACE} from './acp-workspace.js'

/**
 * The `http` transport's evidence: the worker's own NDJSON events, verbatim, one a line
 * (`progress`, `assistant`, `tool_call`, `tool_result`, `usage`, `session`, then one terminal
 * `result` or `error`), plus the transport's findings as `{"orca": …}` lines:
 *   {"orca":"run","sessionId":"…","subtaskId":"…","worker":"http://…"}
 *   {"orca":"finding","message":"…"}     a non-JSON line, a second terminal, a line after the terminal
 *   {"orca":"error","message":"orca: …"} the worker refused the envelope, never answered, or the stream ended without a terminal
 *   {"orca":"cancelled"}                   the socket was closed (timeout or interrupt): Orca's cancel
 * The Orca worker library prefixes MCP tools `mcp__<server>__`, so agora's are `mcp__agora__<tool>`.
 */
export const ORCA_EVIDENCE: EvidenceSpec = {
  format: 'ndjson',
  summary: 'ndjson: tool_call / result',
  toolNamePrefixes: ['mcp__agora__', 'agora__', 'agora/', 'agora.'],
  toolEvents: [
    {match: {type: 'tool_call'}, role: 'call', name: ['toolName'], id: 'toolCallId'},
    {match: {type: 'tool_result'}, role: 'result', id: 'toolCallId', failed: [{isError: true}], output: 'output', errorText: ['output', 'message']},
  ],
  terminal: [{type: 'result'}],
  terminalMissing: 'truncated',
  errors: [
    {match: {type: 'error'}, message: ['message']},
    {match: {orca: 'error'}, message: ['message']},
  ],
  mcpDown: [],
  sessionId: [],
  toolFailure: {stage: 'mcp-call', reason: '{tool}-failed'},
  failureClasses: [
    {when: ['orca: the worker did not answer'], stage: 'harness', reason: 'orca-unreachable'},
    {when: ['orca: the worker refused the envelope'], stage: 'harness-config', reason: 'orca-envelope-refused'},
    {when: ['orca: agora-mcp --http'], stage: 'mcp-init', reason: 'orca-mcp-endpoint'},
    {when: ['orca: the stream ended without'], stage: 'harness', reason: 'truncated'},
  ],
  notices: [{stream: 'stdout', contains: ['"orca":"finding"'], notice: '{line}'}],
  // `assistant` may arrive as deltas; the terminal `result` carries the final answer whole
  assistantText: [{match: {type: 'assistant'}, path: 'message', delta: true}, {match: {type: 'result'}, path: 'message'}],
}

/** An Orca worker needs nothing in the workspace: its tools come from the run envelope. Opt-in like ACP. */
export const ORCA_WORKSPACE: WorkspaceFootprint = {
  ...ACP_WORKSPACE,
  rule: {
    ...ACP_WORKSPACE.rule,
    wakeNote: "agora's tools reach this worker through the HTTP MCP endpoint and turn token agora puts in each run's envelope; " +
      'an idle worker is never woken on its own. For unattended work the operator runs `agora drive`.',
  },
  optIn: 'an Orca worker writes nothing here (its run envelope carries the MCP endpoint); name it explicitly to wire it',
}
