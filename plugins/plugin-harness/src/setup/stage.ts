import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'

import type {FileChange} from './types.js'

/**
 * Every change setup makes, staged in memory first: a refusal found while planning (corrupt
 * config, invalid result) leaves the workspace untouched. Later writers see earlier staged text.
 */
export class Stage {
  private readonly staged = new Map<string, Buffer | null>()

  constructor(readonly root: string) {}

  /** The file's text as setup would leave it so far, or undefined when absent. */
  read(rel: string): string | undefined {
    if (this.staged.has(rel)) {
      const v = this.staged.get(rel)
      return v === null || v === undefined ? undefined : v.toString('utf8')
    }
    const abs = join(this.root, rel)
    return existsSync(abs) ? readFileSync(abs, 'utf8') : undefined
  }

  exists(rel: string): boolean {
    return this.read(rel) !== undefined
  }

  write(rel: string, content: string | Buffer): void {
    this.staged.set(rel, Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'))
  }

  delete(rel: string): void {
    if (existsSync(join(this.root, rel)) || this.staged.has(rel)) this.staged.set(rel, null)
  }

  /** Write what changed (byte comparison, so a re-run touches nothing) and report every staged path. */
  commit(): FileChange[] {
    const changes: FileChange[] = []
    for (const [rel, content] of [...this.staged.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const abs = join(this.root, rel)
      const before = existsSync(abs) ? readFileSync(abs) : undefined
      if (content === null) {
        if (before !== undefined) {
          rmSync(abs)
          changes.push({path: rel, action: 'deleted'})
        }
        continue
      }
      if (before !== undefined && before.equals(content)) {
        changes.push({path: rel, action: 'unchanged'})
        continue
      }
      mkdirSync(dirname(abs), {recursive: true})
      writeFileSync(abs, content)
      changes.push({path: rel, action: before === undefined ? 'created' : 'updated'})
    }
    return changes
  }
}
