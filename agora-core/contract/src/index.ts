export {
  CONFIG_STAGES,
  CONTINUITY_STYLES,
  CONTRACT_ITEMS,
  CONTRACT_VERSION,
  DEFAULT_PERMISSION_LEVEL,
  HARD_ITEMS,
  IDENTITY_SCOPES,
  KNOBS,
  LANES,
  PERMISSION_LEVELS,
  SEMANTIC_STAGES,
  TOOL_REACHES,
  TRANSPORT_STAGES,
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
  TurnKind,
  TurnStage,
} from './vocabulary.js'
export {defineHarness} from './declaration.js'
export type {
  BuiltCommand,
  HarnessDeclaration,
  KnobRequirement,
  McpLaunch,
  PermissionDeclaration,
  SeatBinding,
  Turn,
  TurnFile,
  TurnVerdict,
} from './declaration.js'
export type {EvidenceSpec, FailureClass, FieldTest, JsonPath, Match, Scalar, ToolEventRule} from './evidence-spec.js'
export type {ConfigEntry, HookEvent, HooksFile, McpConfigFile, Template, WorkspaceFootprint} from './workspace-spec.js'
