/**
 * The files an apply_patch body (a patch-based edit tool) touches: every `*** Add File:`, `*** Update File:`,
 * `*** Delete File:` and `*** Move to:` header. A rename is gated at both ends, so a leased file can be
 * neither moved away nor overwritten by a move.
 */
const HEADER = /^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/

export function patchPaths(patch: string): string[] {
  const paths: string[] = []
  for (const line of patch.split(/\r?\n/)) {
    const path = HEADER.exec(line.trimEnd())?.[1]?.trim()
    if (path) paths.push(path)
  }
  return [...new Set(paths)]
}
