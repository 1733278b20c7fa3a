import type {WorkspaceFootprint} from '@agora/contract'

/** What `agora setup <id> --harness pi` writes: AGENTS.md and a byte copy of the packaged bridge extension. */
export const workspace: WorkspaceFootprint = {
  mcpConfig: null,
  ruleFile: 'AGENTS.md',
  ruleStyle: 'marked-block',
  rule: {
    arming: '',
    waitPolicy:
      'Never block in the foreground waiting for mail: no `agora_wait_for_messages` loops, no sleep loops, no ' +
      'polling shells. A waiting turn is deaf and spends budget. End the turn when your work is done and call ' +
      '`agora_check_inbox` at the start of the next one.',
    wakeNote:
      'The pi extension `.pi/extensions/agora.js` bridges agora\'s tools into this session as `agora_<name>` ' +
      '(`agora_whoami`, `agora_check_inbox`, ...). It relays nothing on its own and never wakes an idle ' +
      'session: check the inbox at every turn start. For unattended work the operator runs `agora drive --harness pi`.',
  },
  hooks: null,
  skillDir: '.agents/skills/agora-channels',
  // Always written: the extension is the tool surface, not a hook.
  files: [{path: '.pi/extensions/agora.js', source: 'assets/agora-bridge.js'}],
  // The bridge's tool_call handler blocks write/edit on another seat's lease (driven turns load it with -e).
  leaseGate: {file: '.pi/extensions/agora.js', tools: ['write', 'edit'], pathFields: ['path']},
  optIn: null,
}
