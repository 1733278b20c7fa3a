import {normalizeUrl, readConfig} from '@agora/home'

/**
 * The admin key for the hub at `url`, or undefined: AGORA_ADMIN_KEY when set (the operator named it
 * for this call), else config.json's admin_key only when config.json's url is this hub, so a key
 * never travels to a hub it does not belong to.
 */
export function adminKeyFor(home: string, url: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const fromEnv = env.AGORA_ADMIN_KEY?.trim()
  if (fromEnv) return fromEnv
  const config = readConfig(home)
  const stored = config.admin_key?.trim()
  return stored && config.url && normalizeUrl(config.url) === normalizeUrl(url) ? stored : undefined
}

/** adminKeyFor, or an error saying why there is none and what to run. */
export function requireAdminKey(home: string, url: string, env: NodeJS.ProcessEnv = process.env): string {
  const key = adminKeyFor(home, url, env)
  if (key) return key
  const config = readConfig(home)
  const why = config.admin_key ? `config.json's admin key belongs to ${config.url ?? 'no url'}, not ${url}` : 'no admin key in config.json'
  throw new Error(`this needs the hub's admin key (${why}); set AGORA_ADMIN_KEY or run it on the hub machine where \`agora up\` wrote it`)
}
