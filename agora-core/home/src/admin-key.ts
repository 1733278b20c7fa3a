import {normalizeUrl, readConfig} from './config.js'

/**
 * The admin key for the hub at `url`, or undefined: AGORA_ADMIN_KEY when set (the operator named it
 * for this call), else config.json's admin_key only when config.json's url is this hub, so a key
 * never travels to a hub it does not belong to. Every agora command that sends the admin key asks here.
 */
export function adminKeyFor(home: string, url: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const fromEnv = env.AGORA_ADMIN_KEY?.trim()
  if (fromEnv) return fromEnv
  const config = readConfig(home)
  const stored = config.admin_key?.trim()
  return stored && config.url && normalizeUrl(config.url) === normalizeUrl(url) ? stored : undefined
}
