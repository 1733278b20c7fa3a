import {ACP_EVIDENCE} from './acp-evidence.js'
import {ACP_WORKSPACE} from './acp-workspace.js'
import {ORCA_EVIDENCE, ORCA_WORKSPACE} from './orca-evidence.js'
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

/** An Orca worker as its plugin declares it: the same transport-owned fields may be left out. */
export type HttpHarnessDeclaration = Omit<HarnessDeclaration, 'transport' | 'evidence' | 'probeArgv' | 'workspace' | 'worker'> & {
  transport: 'http'
  worker: NonNullable<HarnessDeclaration['worker']>
  evidence?: EvidenceSpec | null
  probeArgv?: string[]
  workspace?: WorkspaceFootprint
}

/** Anything a harness plugin may answer `agora:harness` with. */
export type DeclaredHarness = HarnessDeclaration | AcpHarnessDeclaration | HttpHarnessDeclaration

const OWNED = {acp: {evidence: ACP_EVIDENCE, workspace: ACP_WORKSPACE}, http: {evidence: ORCA_EVIDENCE, workspace: ORCA_WORKSPACE}} as const

/**
 * The declaration every consumer sees: the transport named, and the transport-owned fields an ACP
 * or Orca (http) plugin left out filled in. Anything that is not an ACP declaration passes through unchanged.
 */
export function resolveDeclaration<T>(declared: T): T extends DeclaredHarness ? HarnessDeclaration : T {
  const transport = declared && typeof declared === 'object' ? (declared as {transport?: unknown}).transport : undefined
  if (transport !== 'acp' && transport !== 'http') return declared as never
  const owned = OWNED[transport]
  const acp = declared as unknown as AcpHarnessDeclaration
  return {
    ...acp,
    evidence: acp.evidence === undefined ? (acp.unmet?.includes?.('evidence') ? null : owned.evidence) : acp.evidence,
    probeArgv: acp.probeArgv ?? [],
    workspace: acp.workspace ?? owned.workspace,
  } as never
}
