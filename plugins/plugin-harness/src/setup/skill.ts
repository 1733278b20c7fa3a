import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

/**
 * Install the agora-channels skill into each harness's skills folder under the user's home,
 * overwriting every time (the packaged text is the source of truth). Returns the files written.
 */
export function installSkill(assetsDir: string, userHome: string, skillDirs: string[]): string[] {
  const text = readFileSync(join(assetsDir, 'skill', 'SKILL.md'))
  const written: string[] = []
  for (const dir of [...new Set(skillDirs)].sort()) {
    const target = join(userHome, dir, 'SKILL.md')
    mkdirSync(join(userHome, dir), {recursive: true})
    writeFileSync(target, text)
    written.push(target)
  }
  return written
}
