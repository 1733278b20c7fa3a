import {SetupRefusal} from './refusal.js'

/** The values a footprint's placeholders resolve to, for one seat. */
export interface SetupVars {
  /** Absolute path of the agora CLI the hooks run. */
  agora: string
  /** The agora-mcp command the harness launches. */
  mcpCommand: string
  seatId: string
  url: string
  about: string
  home: string
  /** True when AGORA_HOME is the default `~/.agora`: then no `--home` and no AGORA_HOME are written. */
  homeIsDefault: boolean
}

/** The bearer-free env block of every MCP binding. Keys are blank on purpose: a re-run erases any embedded key. */
export function bindingEnv(vars: SetupVars): Record<string, string> {
  const env: Record<string, string> = {
    AGORA_URL: vars.url,
    AGORA_AGENT_ID: vars.seatId,
    AGORA_ABOUT: vars.about,
    AGORA_API_KEY: '',
    AGORA_ADMIN_KEY: '',
  }
  if (!vars.homeIsDefault) env.AGORA_HOME = vars.home
  return env
}

function scalar(vars: SetupVars, name: string): unknown {
  const homeArgs = vars.homeIsDefault ? [] : ['--home', vars.home]
  const table: Record<string, unknown> = {
    agora: vars.agora,
    'mcp.command': vars.mcpCommand,
    'seat.id': vars.seatId,
    'seat.url': vars.url,
    'seat.about': vars.about,
    home: vars.home,
    homeArgs,
    homeFlag: vars.homeIsDefault ? '' : ` --home ${shellWord(vars.home)}`,
  }
  if (!(name in table)) {
    throw new SetupRefusal(`unknown placeholder {{${name}}} in a harness footprint; known: ${Object.keys(table).join(', ')}`)
  }
  return table[name]
}

/** Replace `{{name}}` and `{{name|json}}` inside a string. */
export function expandString(text: string, vars: SetupVars): string {
  return text.replace(/\{\{([a-zA-Z.]+)(\|json)?\}\}/g, (_m, name: string, json?: string) => {
    const value = scalar(vars, name)
    if (json) return JSON.stringify(value)
    if (typeof value !== 'string') throw new SetupRefusal(`placeholder {{${name}}} is not a string; use {{${name}|json}}`)
    return value
  })
}

/** Deep-expand a JSON template: whole-value "{{mcp.env}}" / "{{mcp.commandArray}}" become structures. */
export function expandValue(value: unknown, vars: SetupVars): unknown {
  if (value === '{{mcp.env}}') return bindingEnv(vars)
  if (value === '{{mcp.commandArray}}') return [vars.mcpCommand]
  if (typeof value === 'string') return expandString(value, vars)
  if (Array.isArray(value)) return value.map((v) => expandValue(v, vars))
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expandValue(v, vars)]))
  }
  return value
}

/** Quote a word for a POSIX shell only when it needs it, so ordinary paths stay readable. */
export function shellWord(word: string): string {
  if (/^[A-Za-z0-9_\/.:@%+=,-]+$/.test(word)) return word
  return `'${word.replace(/'/g, `'\\''`)}'`
}
