import type {EvidenceSpec} from './evidence-spec.js'

/**
 * The ACP transport's turn record, one JSON object a line, which this spec reads like any other
 * harness stream:
 *   {"acp":"initialized","agent":{...},"loadSession":true,"resume":false}
 *   {"acp":"session","sessionId":"…","via":"new"|"load"|"resume"}
 *   {"acp":"update","update":<the session/update's update, verbatim>}
 *   {"acp":"permission","toolCallId":"…","title":"…","kind":"…","answer":"allow_once"|…|"cancelled","refused":false}
 *   {"acp":"stop","stopReason":"end_turn"|…}
 *   {"acp":"error","message":"…"}
 * Refusals also go to stderr as one `harness-refused-tool:` line each, which becomes a turn notice.
 */
export const ACP_EVIDENCE: EvidenceSpec = {
  format: 'ndjson',
  summary: 'acp: session/update tool_call / stopReason',
  // Tool-call titles as ACP agents print them: 'mcp__agora__whoami', 'agora/whoami', 'Tool: agora/whoami', 'agora.whoami'.
  toolNamePrefixes: ['mcp__agora__', 'agora/', 'Tool: agora/', 'agora.', 'agora__', ':agora/'],
  toolEvents: [
    {match: {acp: 'update', 'update.sessionUpdate': 'tool_call', 'update.status': {notOneOf: ['completed', 'failed']}}, role: 'call', name: ['update.title'], id: 'update.toolCallId'},
    {
      match: {acp: 'update', 'update.sessionUpdate': 'tool_call', 'update.status': {oneOf: ['completed', 'failed']}},
      role: 'complete', name: ['update.title'], failed: [{'update.status': 'failed'}], output: 'update.rawOutput',
    },
    {
      match: {acp: 'update', 'update.sessionUpdate': 'tool_call_update', 'update.status': {oneOf: ['completed', 'failed']}},
      role: 'result', id: 'update.toolCallId', failed: [{'update.status': 'failed'}], output: 'update.rawOutput',
      errorText: ['update.rawOutput.error', 'update.content[0].content.text'],
    },
  ],
  terminal: [{acp: 'stop'}],
  terminalMissing: 'no-stop-reason',
  errors: [
    {match: {acp: 'error'}, message: ['message']},
    {match: {acp: 'stop', stopReason: {oneOf: ['refusal', 'cancelled']}}, message: ['stopReason']},
  ],
  mcpDown: [],
  sessionId: [{match: {acp: 'session'}, path: 'sessionId'}],
  toolFailure: {stage: 'mcp-call', reason: '{tool}-failed'},
  failureClasses: [
    {when: ['acp: no answer to initialize'], stage: 'harness', reason: 'acp-initialize-unanswered'},
    {when: ['acp: authentication required'], stage: 'harness-config', reason: 'acp-auth-required'},
    {when: ['acp: the agent exited'], stage: 'harness', reason: 'acp-agent-exited'},
    {when: ['acp: malformed'], stage: 'harness', reason: 'acp-malformed-message'},
  ],
  notices: [{stream: 'stderr', contains: ['harness-refused-tool:'], notice: '{line}'}],
}
