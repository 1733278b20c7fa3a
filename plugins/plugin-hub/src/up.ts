import {randomBytes} from 'node:crypto'
import {chmodSync, existsSync} from 'node:fs'
import {ensureHome, readConfig, writeConfig} from '@agora/home'
import {createHub} from '@agora/hub'
import {uiAssetsDir} from '@agora/desk'
import type {Hub} from '@agora/hub'
import {PROTOCOL} from '@agora/protocol'
import type {UpSettings} from './settings.js'

/**
 * Start a hub from AGORA_HOME: the first run creates the 0700 home, a 0600 config.json with
 * url, admin_key (16 random bytes hex) and db_path, and the database; later runs reuse them.
 */
export async function startUp(settings: UpSettings): Promise<{hub: Hub; firstRun: boolean}> {
  ensureHome(settings.home)
  const config = readConfig(settings.home)
  const firstRun = !config.admin_key
  const adminKey = config.admin_key || randomBytes(16).toString('hex')
  if (firstRun) writeConfig(settings.home, {admin_key: adminKey, db_path: settings.db})
  const hub = await createHub({
    db: settings.db, host: settings.host, port: settings.port, adminKey, ratePerMinute: settings.ratePerMinute,
    writeRatePerMinute: settings.writeRatePerMinute,
    toCloseMinAge: settings.toCloseMinAge, notifyDir: settings.notifyDir, uiDir: uiAssetsDir(),
  })
  for (const f of [settings.db, `${settings.db}-wal`, `${settings.db}-shm`]) if (existsSync(f)) chmodSync(f, 0o600)
  writeConfig(settings.home, {url: hub.url, db_path: config.db_path ?? settings.db})
  return {hub, firstRun}
}

export function readyLine(hub: Hub): string {
  return `agora hub listening on ${hub.url} (${PROTOCOL}, db ${hub.db})`
}

