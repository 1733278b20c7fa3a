import type {WorkspaceFootprint} from '@agora/contract'

/** What `agora setup <id> --harness abstractcode-tui` writes: AGENTS.md only; the TUI's own config is never touched. */
export const workspace: WorkspaceFootprint = {
  mcpConfig: null,
  ruleFile: 'AGENTS.md',
  ruleStyle: 'marked-block',
  rule: {
    arming: '',
    waitPolicy:
      'Never block in the foreground waiting for mail: no `wait_for_messages` loops, no sleep loops, no polling ' +
      'shells. A waiting turn is deaf and spends budget. End the turn when your work is done and call ' +
      '`check_inbox` at the start of the next one.',
    wakeNote:
      'The AbstractCode TUI has no hook API, so nothing relays mail into a running session and nothing wakes an ' +
      'idle one. Call `check_inbox` at every turn start and before you end a turn. For unattended work the ' +
      'operator runs `agora drive`.',
  },
  hooks: null,
  skillDir: '.abstract/skills/agora-channels',
  files: [],
  optIn: 'agora writes nothing vendor-side for the TUI (it carries its own tool configuration); name it explicitly to wire it',
}
