import type {BuiltCommand} from './declaration.js'

/** A bearer key's shape; redaction and every leak check use this one pattern. */
export const BEARER_PATTERN = /\bagora_[A-Za-z0-9_-]{32,}\b/

/** Everything a turn can see of its command: argv tokens, env (as JSON), the files it carries and its session calls. */
export function commandSurface(built: BuiltCommand): string {
  return [
    ...built.argv, JSON.stringify(built.env), ...(built.files ?? []).flatMap((f) => [f.path, f.content]), ...(built.discard ?? []), built.sessionId ?? '',
    built.session ? JSON.stringify(built.session) : '', built.http ? JSON.stringify(built.http) : '',
  ].join('\n')
}

/** Where a bearer (the pattern, or any of `secrets`) appears in a built command, or null. */
export function findBearer(built: BuiltCommand, secrets: string[] = []): string | null {
  const places: Array<[string, string]> = [
    ...built.argv.map((a, i) => [`argv[${i}]`, a] as [string, string]),
    ...Object.entries(built.env).map(([k, v]) => [`env ${k}`, `${k}=${v}`] as [string, string]),
    ...(built.files ?? []).map((f) => [`file ${f.path}`, f.content] as [string, string]),
    ...(built.session ? [['session calls', JSON.stringify(built.session)] as [string, string]] : []),
    ...(built.http ? [['run envelope', JSON.stringify(built.http)] as [string, string]] : []),
  ]
  for (const [where, text] of places) {
    if (BEARER_PATTERN.test(text) || secrets.some((s) => s && text.includes(s))) return where
  }
  return null
}
