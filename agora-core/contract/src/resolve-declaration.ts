import {ACP_EVIDENCE} from './acp-evidence.js'
import {ACP_WORKSPACE} from './acp-workspace.js'
import type {HarnessDeclaration} from './declaration.js'
import type {EvidenceSpec} from './evidence-spec.js'
import type {WorkspaceFootprint} from './workspace-spec.js'

/**
 * An ACP agent as its plugin declares it: the fields the transport owns (the evidence stream it
 * records, the `initialize` probe, a footprint with no MCP config file) may be left out.
 */
export type AcpHarnessDeclaration = Omit<HarnessDeclaration, 'transport' | 'evidence' | 'probeArgv' | 'workspace'> & {
  transport: 'acp'
  evidence?: EvidenceSpec | null
  probeArgv?: string[]
  workspace?: WorkspaceFootprint
}

/** Anything a harness plugin may answer `agora:harness` with. */
export type DeclaredHarness = HarnessDeclaration | AcpHarnessDeclaration

/**
 * The declaration every consumer sees: the transport named, and the transport-owned fields an ACP
 * plugin left out filled in. Anything that is not an ACP declaration passes through unchanged.
 */
export function resolveDeclaration<T>(declared: T): T extends DeclaredHarness ? HarnessDeclaration : T {
  if (!declared || typeof declared !== 'object' || (declared as {transport?: unknown}).transport !== 'acp') return declared as never
  const acp = declared as unknown as AcpHarnessDeclaration
  return {
    ...acp,
    evidence: acp.evidence === undefined ? (acp.unmet?.includes?.('evidence') ? null : ACP_EVIDENCE) : acp.evidence,
    probeArgv: acp.probeArgv ?? [],
    workspace: acp.workspace ?? ACP_WORKSPACE,
  } as never
}
