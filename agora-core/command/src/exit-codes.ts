/**
 * The exit codes agora's commands share. Scripts and harness loops branch on these numbers, so they
 * never change; a name says what the number means at the call site. Two names may share a number
 * when the commands that use them never overlap (`listen` wakes with 2, other commands refuse with 2).
 */
export const ExitCode = {
  /** Done. For `agora listen` also a quiet end: max-wait, already armed, a driver owns reception, a signal, the hub unreachable. */
  Ok: 0,
  /** It ran and failed: no seat identity, no notify file, a key the hub refused, a failed or idle `--once` turn, a bad harness config, a failing check. */
  Failed: 1,
  /** `agora listen`: mail for this seat arrived (the AGORA_WAKE line was printed). */
  Wake: 2,
  /** Refused before doing anything: flags or arguments that do not fit, or a refusal at arm/setup time; the message says what to run instead. */
  Refused: 2,
  /** `agora listen` inside `agora drive` only: a room-wide broadcast woke the seat, but nothing names it. */
  WakeRoom: 4,
  /** `agora listen` inside `agora drive` only: the wake provably obliges this seat to nothing. */
  WakeNothingOwed: 5,
  /** The operator pressed Ctrl-C (128 + SIGINT, as shells report it). */
  Interrupted: 130,
} as const

export type ExitCodeName = keyof typeof ExitCode
export type ExitCodeValue = (typeof ExitCode)[ExitCodeName]
