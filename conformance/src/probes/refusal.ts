/**
 * The text of a contract refusal, or null for any other error (which the runner reports as a
 * crash). Matched by name, so a refusal from a second copy of the contract module still counts.
 */
export function refusalText(error: unknown): string | null {
  return error instanceof Error && error.name === 'ContractRefusal' ? error.message : null
}
