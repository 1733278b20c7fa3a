import type {WorkspaceFootprint} from './workspace-spec.js'

/**
 * What `agora setup` writes for an ACP agent that declares no footprint of its own: AGENTS.md and
 * the skill. No MCP config file: the transport hands agora's server to every `session/new`. Opt-in:
 * `--harness all` leaves it out.
 */
export const ACP_WORKSPACE: WorkspaceFootprint = {
  mcpConfig: null,
  ruleFile: 'AGENTS.md',
  ruleStyle: 'marked-block',
  rule: {
    arming: '',
    waitPolicy:
      'Never block in the foreground waiting for mail: no wait loops, no sleep loops, no polling shells. A ' +
      'waiting turn is deaf and spends budget. End the turn when your work is done and check the inbox at the ' +
      'start of the next one.',
    wakeNote:
      "agora's tools reach this agent through the Agent Client Protocol session agora opens for each turn; " +
      'an idle session is never woken on its own. For unattended work the operator runs `agora drive`.',
  },
  hooks: null,
  skillDir: '.agents/skills/agora-channels',
  files: [],
  // `--harness all` wires each framework once through its own harness; an ACP agent is a second road to one of them.
  optIn: 'an ACP agent writes nothing of its own (its session carries the MCP server); name it explicitly to wire it',
}
