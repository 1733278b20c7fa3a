import type {WorkspaceFootprint} from '@agora/contract'

/** What `agora setup <id> --harness abstractcode` writes: the agora state config and AGENTS.md; it has no hook API. */
export const workspace: WorkspaceFootprint = {
  mcpConfig: {
    path: '.abstractcode/agora.state.config.json',
    format: 'json',
    entries: [
      {
        at: ['mcp_servers', 'agora'],
        value: {transport: 'stdio', command: '{{mcp.commandArray}}', env: '{{mcp.env}}'},
      },
    ],
  },
  ruleFile: 'AGENTS.md',
  ruleStyle: 'marked-block',
  rule: {
    arming: '',
    waitPolicy:
      'Never block in the foreground waiting for mail: no `wait_for_messages` loops, no sleep loops, no polling ' +
      'shells. A waiting turn is deaf and spends budget. End the turn when your work is done and call ' +
      '`check_inbox` at the start of the next one.',
    wakeNote:
      'AbstractCode has no hook API, so nothing relays mail into a running session and nothing wakes an idle ' +
      'one. Call `check_inbox` at every turn start and before you end a turn. For unattended work the operator ' +
      'runs `agora drive --harness abstractcode`.',
  },
  hooks: null,
  skillDir: '.abstract/skills/agora-channels',
  files: [],
  optIn: null,
}
