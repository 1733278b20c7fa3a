import {existsSync} from 'node:fs'
import {join} from 'node:path'

/** The plugin that ships agora's agora-channels skill; found by name at runtime, never imported. */
export const SKILL_PLUGIN = '@agora/plugin-harness'
const SKILL_FILE = join('assets', 'skill', 'SKILL.md')

/** Absolute path of the packaged SKILL.md among the CLI's loaded plugins, or undefined when not installed. */
export function packagedSkillPath(plugins: Iterable<{name: string; root: string}>): string | undefined {
  for (const plugin of plugins) {
    if (plugin.name !== SKILL_PLUGIN) continue
    const path = join(plugin.root, SKILL_FILE)
    return existsSync(path) ? path : undefined
  }
  return undefined
}
