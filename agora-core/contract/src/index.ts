export {
  CONFIG_STAGES,
  CONTINUITY_STYLES,
  CONTRACT_ITEMS,
  CONTRACT_VERSION,
  DEFAULT_PERMISSION_LEVEL,
  DEFAULT_TRANSPORT,
  HARD_ITEMS,
  IDENTITY_SCOPES,
  KNOBS,
  LANES,
  PERMISSION_LEVELS,
  SEMANTIC_STAGES,
  TOOL_REACHES,
  TRANSPORT_STAGES,
  TRANSPORTS,
  TURN_KINDS,
} from './vocabulary.js'
export type {
  ContractItem,
  Continuity,
  HardItem,
  IdentityScope,
  Knob,
  Lane,
  PermissionLevel,
  ToolReach,
  Transport,
  TurnKind,
  TurnStage,
} from './vocabulary.js'
export {defineHarness} from './declaration.js'
export type {
  BuiltCommand,
  HarnessDeclaration,
  HttpRun,
  KnobRequirement,
  OrcaProfile,
  OrcaWorker,
  McpLaunch,
  PermissionDeclaration,
  SeatBinding,
  SessionMcpServer,
  SessionSetup,
  Turn,
  TurnFile,
  TurnVerdict,
} from './declaration.js'
export type {AssistantTextRule, EvidenceSpec, FailureClass, FieldTest, JsonPath, Match, Scalar, SessionIdRule, ToolEventRule} from './evidence-spec.js'
export type {ConfigEntry, HookEvent, HookTrustStore, HooksFile, McpConfigFile, PluginLeaseGate, PreToolUseHook, Template, WorkspaceFootprint} from './workspace-spec.js'
export {declarationSchema} from './declaration-schema.js'
export {validateDeclaration} from './validate-declaration.js'
export type {DeclarationCheck} from './validate-declaration.js'
export {ContractRefusal, KNOB_FLAGS, armRefusal, requestedKnobs, resolvePermissions} from './arm.js'
export type {DriveRequest} from './arm.js'
export {mcpBindingEnv, prepareTurn, sampleTurnInput} from './turn.js'
export type {TurnInput} from './turn.js'
export {RECEPTION_TOOL, assessTurn} from './assess-turn.js'
export type {TurnRun} from './assess-turn.js'
export {appError, bareToolName, collectToolOutcomes} from './evidence-tools.js'
export type {ToolOutcome} from './evidence-tools.js'
export {firstString, matches, parseNdjson, readPath} from './json-path.js'
export {AssistantText, finalAssistantText} from './assistant-text.js'
export {HARNESS_HOOK_EVENT, HARNESS_HOOK_TIMEOUT_MS, activeHarness, discoverHarnesses} from './discover.js'
export type {DiscoveredHarness, HookRunner, PluginRef} from './discover.js'
export {BEARER_PATTERN, commandSurface, findBearer} from './surface.js'
export {probeKnob, probeValue} from './knob-probe.js'
export type {KnobOutcome, KnobProbe} from './knob-probe.js'
export {ACP_EVIDENCE} from './acp-evidence.js'
export {ACP_WORKSPACE} from './acp-workspace.js'
export {ORCA_EVIDENCE, ORCA_WORKSPACE} from './orca-evidence.js'
export {resolveDeclaration} from './resolve-declaration.js'
export type {AcpHarnessDeclaration, DeclaredHarness, HttpHarnessDeclaration} from './resolve-declaration.js'
export {transportOf} from './transport.js'
export type {TransportProbe, TransportRun, TransportTurn, TurnLaunch, TurnTransport} from './transport.js'
