// @ts-check
/** @typedef {import('@agora/contract').HarnessDeclaration} HarnessDeclaration */

/**
 * myagent runs one turn with `myagent run --json PROMPT`, takes an MCP server as a JSON argument,
 * and streams NDJSON: {"type":"init","session":…}, {"type":"tool","name":…,"ok":bool}, {"type":"done"}.
 * @type {HarnessDeclaration}
 */
const myagent = {
  name: 'myagent',
  summary: 'myagent CLI (myagent run --json)',
  contract: '^1',
  binary: 'myagent',
  probeArgv: ['--version'],
  supports: ['model', 'reasoning', 'permissions', 'session'],
  advisory: [],
  unmet: [],
  reasoningVocab: ['low', 'medium', 'high'],
  permissions: {
    vocab: ['read', 'write'],
    argv: {read: ['--read-only'], write: []},
    rationale: 'myagent has no mode that skips its own approvals, so all is not offered.',
    default: null,
  },
  knobRequirements: [],
  defaults: {model: null, reasoning: null, modelFitForDriving: true},
  continuity: 'resume-id',
  toolReach: 'stdio-mcp',
  identityScope: 'turn',
  evidence: {
    format: 'ndjson',
    summary: 'ndjson: tool / done',
    toolNamePrefixes: ['agora_'],
    toolEvents: [{match: {type: 'tool'}, role: 'complete', name: ['name'], failed: [{ok: false}]}],
    terminal: [{type: 'done'}],
    terminalMissing: 'missing-terminal-event',
    errors: [{match: {type: 'error'}, message: ['message']}],
    mcpDown: [],
    sessionId: [{match: {type: 'init'}, path: 'session'}],
    toolFailure: {stage: 'mcp-call', reason: '{tool}-failed'},
    failureClasses: [],
    notices: [],
  },
  workspace: {
    mcpConfig: null,
    ruleFile: 'AGENTS.md',
    ruleStyle: 'marked-block',
    rule: {arming: '', waitPolicy: 'Never wait in the foreground for mail.', wakeNote: 'Run check_inbox at the start of every turn.'},
    hooks: null,
    skillDir: '.myagent/skills/agora-channels',
    files: [],
    optIn: null,
  },
  buildCommand: (turn) => ({
    argv: [
      'myagent', 'run', '--json',
      '--mcp', JSON.stringify({command: turn.mcp.command, args: turn.mcp.args, env: turn.mcp.env}),
      ...(turn.model ? ['--model', turn.model] : []),
      ...(turn.reasoning ? ['--effort', turn.reasoning] : []),
      ...turn.permissionArgv,
      ...(turn.sessionId ? ['--resume', turn.sessionId] : []),
      turn.prompt,
    ],
    env: {},
  }),
}

export default async function () {
  return myagent
}
