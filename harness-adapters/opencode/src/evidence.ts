import type {EvidenceSpec} from '@agora/contract'

const RAISE = 'To allow it: raise this seat to --permissions all, or keep the work inside the workspace.'

/**
 * `opencode run --format json`: `step_start`, `tool_use` (`part.tool`, `part.state.status`,
 * `part.state.output` / `error`), `text`, `step_finish`; every line carries `sessionID`.
 * agora's tools appear as `agora_<tool>`. `{"type":"error"}` is a harness error.
 */
export const evidence: EvidenceSpec = {
  format: 'ndjson',
  summary: 'ndjson: tool_use / step_finish',
  toolNamePrefixes: ['agora_'],
  toolEvents: [
    {
      match: {'part.type': 'tool', 'part.state.status': {oneOf: ['completed', 'error', 'failed']}},
      role: 'complete',
      name: ['part.tool'],
      failed: [{'part.state.status': {oneOf: ['error', 'failed']}}],
      output: 'part.state.output',
      errorText: ['part.state.error', 'part.state.status'],
    },
  ],
  terminal: [{type: 'step_finish'}],
  terminalMissing: 'missing-terminal-event',
  errors: [{match: {type: 'error'}, message: ['error.data.message', 'error.name']}],
  mcpDown: [],
  sessionId: ['sessionID', 'part.sessionID'],
  // A permission auto-reject lands exactly like this, with exit code 0.
  toolFailure: {stage: 'tool', reason: 'agora-tool-rejected'},
  failureClasses: [
    {when: ['providermodelnotfounderror'], stage: 'harness-config', reason: 'model-not-resolved'},
    {when: ['mcp', 'failed'], stage: 'mcp-init', reason: 'required-server-unavailable'},
    {when: ['mcp', 'connect'], stage: 'mcp-init', reason: 'required-server-unavailable'},
  ],
  notices: [
    {
      stream: 'stderr',
      contains: ['permission requested:', 'auto-rejecting'],
      notice: `harness-refused-tool — opencode left a permission on its \`ask\` default and auto-rejected it headlessly (${'{line}'}); the model was told a USER refused it, which no user did. ${RAISE}`,
    },
    {
      stream: 'stdout',
      contains: ['specified a rule which prevents you'],
      notice: `harness-refused-tool — a tool call was refused by the permission block agora writes for this seat's --permissions level. ${RAISE}`,
    },
  ],
  // one `text` part per message, written whole once it completes
  assistantText: [{match: {type: 'text', 'part.type': 'text'}, path: 'part.text'}],
}
