import type {HarnessDeclaration} from '@agora/contract'
import type {ProbeContext} from '../types.js'

/** The declaration under test; every probe but C0 needs C0, so reaching here without one is a runner bug. */
export function declarationOf(ctx: ProbeContext): HarnessDeclaration {
  const decl = ctx.target?.declaration
  if (!decl) throw new Error(`no valid declaration for '${ctx.harness}' (C0 should have failed)`)
  return decl
}
