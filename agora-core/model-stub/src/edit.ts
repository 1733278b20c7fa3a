import type {OfferedTool, ScriptReply, ToolCallSoFar} from './script.js'

/**
 * The edit script, for tests of write gates (the lease hook): a prompt carrying
 * `STUB-EDIT <absolute path> <word>` that is offered the harness's Read and Write tools reads the
 * file once (a harness may refuse to overwrite a file the model never read), then writes `<word>\n`
 * to it once (naming the file by the parameter each tool's schema has: file_path, filePath or path), then ends with the first line of the write's result, so a refusal is visible in the final text.
 * A harness that edits through an `apply_patch` tool instead (no Write tool) gets one patch whose
 * `*** Add File:` hunk replaces the file with `<word>\n`.
 */
export const EDIT_DIRECTIVE = /\bSTUB-EDIT (\/\S+) (\S+)/

export function editRequest(prompt: string | undefined): {path: string; word: string} | null {
  const [, path, word] = (prompt === undefined ? null : EDIT_DIRECTIVE.exec(prompt)) ?? []
  return path !== undefined && word !== undefined ? {path, word} : null
}

const exact = (name: string) => (t: {name: string}) => t.name.toLowerCase() === name

export function edit(request: {path: string; word: string}, tools: OfferedTool[], calls: ToolCallSoFar[]): ScriptReply | null {
  const read = tools.find(exact('read'))
  const write = tools.find(exact('write'))
  const callId = `call_${calls.length + 1}`
  if (!write) return patchEdit(request, tools.find(exact('apply_patch')), calls, callId)
  if (read && !calls.some(exact('read'))) return {kind: 'tool-call', tool: read, arguments: {[read.pathField ?? 'file_path']: request.path}, callId}
  const done = calls.find(exact('write'))
  if (!done) return {kind: 'tool-call', tool: write, arguments: {[write.pathField ?? 'file_path']: request.path, content: `${request.word}\n`}, callId}
  return editResult(done)
}

/** The edit as one apply_patch call (freeform: the patch is the input; as a function: its `input` argument). */
function patchEdit(request: {path: string; word: string}, patch: OfferedTool | undefined, calls: ToolCallSoFar[], callId: string): ScriptReply | null {
  if (!patch) return null
  const done = calls.find(exact('apply_patch'))
  if (done) return editResult(done)
  const body = `*** Begin Patch\n*** Add File: ${request.path}\n+${request.word}\n*** End Patch\n`
  return patch.freeform ? {kind: 'tool-call', tool: patch, input: body, callId} : {kind: 'tool-call', tool: patch, arguments: {input: body}, callId}
}

function editResult(done: ToolCallSoFar): ScriptReply {
  const first = (done.result ?? '').split(/\r?\n/).map((l) => l.trim()).find((l) => l !== '') ?? ''
  return {kind: 'final', text: `EDIT RESULT: ${first}`}
}
