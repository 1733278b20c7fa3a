export {startModelStub, classify} from './server.js'
export type {ModelStub, ModelStubOptions, RecordedRequest, WireApi} from './server.js'
export {decide, firstLine, textOf, PLAIN_TEXT, TARGET_TOOL} from './script.js'
export type {OfferedTool, ScriptInput, ScriptReply} from './script.js'
