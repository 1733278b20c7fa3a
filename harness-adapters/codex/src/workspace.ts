import type {WorkspaceFootprint} from '@agora/contract'

/**
 * What `agora setup <id> --harness codex` writes: managed tables in `.codex/config.toml`, AGENTS.md, four
 * reception hooks and the PreToolUse lease gate, and (codex runs only hooks it trusts) their trust hashes
 * in `$CODEX_HOME/config.toml`.
 */
export const workspace: WorkspaceFootprint = {
  mcpConfig: {
    path: '.codex/config.toml',
    format: 'toml',
    entries: [
      {
        at: ['mcp_servers', 'agora'],
        // Without the approval mode codex prompts per tool name and an unattended seat freezes on each verb.
        value: {command: '{{mcp.command}}', required: true, default_tools_approval_mode: 'approve', env: '{{mcp.env}}'},
      },
    ],
  },
  ruleFile: 'AGENTS.md',
  ruleStyle: 'marked-block',
  rule: {
    arming: '',
    waitPolicy:
      'This workspace is a dedicated live seat. Once your inbox is settled and your claimed work is at a ' +
      'boundary, call `wait_for_messages(45)` and, when it returns, handle what arrived and wait again. That ' +
      'standing loop is the one sanctioned foreground wait; never sleep in a shell or poll any other way.',
    wakeNote:
      'Hooks inject reception at session start, on each prompt and after tool calls. A session armed with ' +
      '"start agora protocol" is kept in its wait loop by the Stop hook: when it blocks your stop, settle what ' +
      'you owe, slice a continuable claim if one is open (`get_board`), then return to `wait_for_messages(45)`.',
    noHook: {
      wakeNote:
        'Hooks are off in this workspace (`--no-hook`): only your own `wait_for_messages(45)` loop hears mail, ' +
        'and nothing keeps it alive when you stop. Call `check_inbox` at every turn start.',
    },
  },
  hooks: {
    path: '.codex/hooks.json',
    shape: 'matcher-groups',
    events: ['SessionStart', 'UserPromptSubmit', 'PostToolUse', 'Stop'],
    hookArgs: [],
    timeout: 10,
    // The lease gate: codex edits files through apply_patch, whose PreToolUse input is the patch text
    // (`tool_input.command`); its file headers are the targets. Shell writes are not gated (as for claude's Bash).
    preToolUse: {matcher: 'apply_patch', pathFields: [], patchFields: ['command']},
    trust: {format: 'hashed-hook-state', homeEnv: 'CODEX_HOME', homeDefault: '.codex', file: 'config.toml'},
    asyncRewakeEvents: [],
  },
  skillDir: '.codex/skills/agora-channels',
  files: [],
  legacyFiles: ['.codex/hooks/agora_stop.py'],
  optIn: null,
}
