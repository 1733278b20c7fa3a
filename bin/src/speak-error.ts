/**
 * A hub refusal that reached bin/run.js unhandled (a command without agora's base class), spoken as advice
 * through AgoraHttpError.spoken (@agora/client): the detail, what to run next, the HTTP exchange last.
 */
export function speakError(error: unknown): unknown {
  const said = error instanceof Error ? (error as {spoken?: unknown}).spoken : undefined
  if (typeof said !== 'string') return error
  return Object.assign(new Error(said), {oclif: {exit: (error as {oclif?: {exit?: number}}).oclif?.exit ?? 1}})
}
