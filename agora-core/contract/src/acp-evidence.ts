import type {EvidenceSpec} from './evidence-spec.js'

/**
 * The ACP transport's turn record, one JSON object a line, which this spec reads like any other
 * harness stream:
 *   {"acp":"initialized","agent":{...},"loadSession":true,"resume":false}
 *   {"acp":"session","sessionId":"…","via":"new"|"load"|"resume"}
 *   {"acp":"update","update":<the session/update's update, verbatim>,"firstSeen":true?}
 *   {"acp":"permission","toolCallId":"…","title":"…","kind":"…","answer":"allow_once"|…|"cancelled","refused":false,"firstSeen":true?}
 * `firstSeen` marks the first record of a tool call id, whichever form it came in.
 *   {"acp":"stop","stopReason":"end_turn"|…}
 *   {"acp":"error","message":"…"}
 * Refusals also go to stderr as one `harness-refused-tool:` line each, which becomes a turn notice.
 */
export const ACP_EVIDENCE: EvidenceSpec = {
  format: 'ndjson',
  summary: 'acp: session/update tool_call / stopReason',
  // Tool-call titles as ACP agents print them: 'mcp__agora__whoami', 'Tool: agora/whoami', 'whoami (agora MCP Server)', …
  toolNamePrefixes: ['mcp__agora__', 'agora/', 'Tool: agora/', 'agora.', 'agora__', ':agora/', ' (agora MCP Server)$'],
  toolEvents: [
    // A call's first sight announces it (its title names the tool); a later completed/failed update is its outcome.
    {match: {acp: 'update', firstSeen: true, 'update.status': {notOneOf: ['completed', 'failed']}}, role: 'call', name: ['update.title'], id: 'update.toolCallId'},
    {match: {acp: 'permission', firstSeen: true, refused: false}, role: 'call', name: ['title'], id: 'toolCallId'},
    {
      match: {acp: 'update', firstSeen: true, 'update.status': {oneOf: ['completed', 'failed']}},
      role: 'complete', name: ['update.title'], failed: [{'update.status': 'failed'}], output: 'update.rawOutput',
    },
    {
      match: {acp: 'update', firstSeen: {exists: false}, 'update.sessionUpdate': 'tool_call_update', 'update.status': {oneOf: ['completed', 'failed']}},
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
  // agent_message_chunk updates stream the message in pieces
  assistantText: [{match: {acp: 'update', 'update.sessionUpdate': 'agent_message_chunk', 'update.content.type': 'text'}, path: 'update.content.text', delta: true}],
}
