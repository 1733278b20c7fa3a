import {adminKeyFor, readConfig} from '@agora/home'

export {adminKeyFor}

/** adminKeyFor (@agora/home), or an error saying why there is none and what to run. */
export function requireAdminKey(home: string, url: string, env: NodeJS.ProcessEnv = process.env): string {
  const key = adminKeyFor(home, url, env)
  if (key) return key
  const config = readConfig(home)
  const why = config.admin_key ? `config.json's admin key belongs to ${config.url ?? 'no url'}, not ${url}` : 'no admin key in config.json'
  throw new Error(`this needs the hub's admin key (${why}); set AGORA_ADMIN_KEY or run it on the hub machine where \`agora up\` wrote it`)
}
