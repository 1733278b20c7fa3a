import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {Config} from '@oclif/core'

const HERE = dirname(fileURLToPath(import.meta.url))
export const FIXTURES = resolve(HERE, '../../fixtures')
/** The real `agora` CLI package: its core plugins include the seven bundled harness adapters. */
export const CLI_ROOT = resolve(HERE, '../../../../../bin')

/**
 * A real oclif Config of the agora CLI whose user data dir links the given fixture plugins, the
 * same record `agora plugins link` writes. Returns the config and a cleanup.
 */
export async function configWithLinked(fixtures: string[]): Promise<{config: Config; cleanup: () => void}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'agora-harness-cmd-'))
  const plugins = fixtures.map((name) => ({type: 'link', name: `agora-fixture-${name}`, root: join(FIXTURES, name)}))
  writeFileSync(join(dataDir, 'package.json'), JSON.stringify({private: true, oclif: {schema: 1, plugins}, dependencies: {}}))
  process.env.OCLIF_DISABLE_LINKED_ESM_WARNING = '1'
  const saved = process.env.AGORA_DATA_DIR
  process.env.AGORA_DATA_DIR = dataDir
  try {
    const config = await Config.load({root: CLI_ROOT})
    return {config, cleanup: () => rmSync(dataDir, {recursive: true, force: true})}
  } finally {
    if (saved === undefined) delete process.env.AGORA_DATA_DIR
    else process.env.AGORA_DATA_DIR = saved
  }
}
