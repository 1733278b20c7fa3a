import {expect} from 'chai'

import {hookCommand, isAgoraCommand, mergeHooks} from '../../src/setup/hooks-file.js'
import type {SetupVars} from '../../src/setup/vars.js'
import {harness} from './helpers.js'

const VARS: SetupVars = {
  agora: '/opt/agora/bin/agora', mcpCommand: '/opt/agora/bin/agora-mcp', seatId: 'alice', url: 'http://127.0.0.1:8765',
  about: '', home: '/home/u/.agora', homeIsDefault: true,
}
const GROUPS = harness('claude').workspace.hooks!
const FLAT = harness('cursor').workspace.hooks!

const foreignGroup = {matcher: 'Bash', hooks: [{type: 'command', command: 'lint --fix', timeout: 5}]}

describe('hooks-file', () => {
  describe('hookCommand', () => {
    it('builds the frozen command with an absolute agora path, and --home only for a non-default home', () => {
      expect(hookCommand('Stop', GROUPS, VARS)).to.equal('/opt/agora/bin/agora hook Stop --as alice --url http://127.0.0.1:8765')
      expect(hookCommand('Stop', FLAT, {...VARS, homeIsDefault: false, home: '/srv/agora home'})).to.equal(
        "/opt/agora/bin/agora hook Stop --as alice --url http://127.0.0.1:8765 --format followup --home '/srv/agora home'",
      )
    })
  })

  describe('isAgoraCommand', () => {
    it('recognises agora handlers from any version or install path and nothing foreign', () => {
      expect(isAgoraCommand('/old/place/run.js hook Stop --as bob --url http://x', VARS)).to.equal(true)
      expect(isAgoraCommand('python3 .claude/hooks/agora_stop.py', VARS)).to.equal(true)
      expect(isAgoraCommand('agora listen --as bob --once', VARS)).to.equal(true)
      expect(isAgoraCommand('lint --fix', VARS)).to.equal(false)
      expect(isAgoraCommand('git hook Stop', VARS)).to.equal(false)
    })
  })

  describe('mergeHooks (matcher groups)', () => {
    it('writes one group per event with sorted keys and timeout 10, plus async re-wake groups where declared', () => {
      const doc = mergeHooks({}, GROUPS, VARS, true) as any
      expect(Object.keys(doc.hooks)).to.deep.equal(['SessionStart', 'UserPromptSubmit', 'PostToolUse', 'Stop', 'PreToolUse'])
      expect(doc.hooks.UserPromptSubmit).to.deep.equal([
        {hooks: [{command: hookCommand('UserPromptSubmit', GROUPS, VARS), timeout: 10, type: 'command'}]},
      ])
      const rewake = doc.hooks.Stop[1].hooks[0]
      expect(Object.keys(rewake)).to.deep.equal([...Object.keys(rewake)].sort())
      expect(rewake).to.include({asyncRewake: true, timeout: 86400, rewakeSummary: 'agora: new mail'})
      expect(rewake.command).to.match(/ listen --as alice --once --important-only --max-wait 900 --url \S+ --lock "\$\{AGORA_HOME:-\$HOME\/\.agora\}\/listen-alice\.lock"$/)
      expect(doc.hooks.UserPromptSubmit).to.have.length(1)
    })

    it('keeps foreign handlers and settings, replaces agora handlers, and is stable on a re-merge', () => {
      const start = {
        permissions: {allow: ['Bash(ls)']},
        hooks: {
          Stop: [foreignGroup, {hooks: [{type: 'command', command: '/old/agora hook Stop --as alice --url http://old', timeout: 99}]}],
          PreToolUse: [foreignGroup],
        },
      }
      const once = mergeHooks(structuredClone(start), GROUPS, VARS, true) as any
      expect(once.permissions).to.deep.equal(start.permissions)
      expect(once.hooks.PreToolUse[0], 'the foreign PreToolUse group stays first').to.deep.equal(foreignGroup)
      expect(once.hooks.PreToolUse).to.have.length(2)
      expect(once.hooks.Stop[0]).to.deep.equal(foreignGroup)
      expect(JSON.stringify(once)).not.to.include('http://old')
      const twice = mergeHooks(structuredClone(once), GROUPS, VARS, true)
      expect(twice).to.deep.equal(once)
    })

    it('strips only agora handlers from a mixed group and drops groups it emptied when hooks are off', () => {
      const mixed = {hooks: [{type: 'command', command: 'notify-send done'}, {type: 'command', command: hookCommand('Stop', GROUPS, VARS)}]}
      const installed = mergeHooks({hooks: {Stop: [mixed]}}, GROUPS, VARS, true)
      const removed = mergeHooks(installed, GROUPS, VARS, false) as any
      expect(removed.hooks).to.deep.equal({Stop: [{hooks: [{type: 'command', command: 'notify-send done'}]}]})
    })
  })

  describe('the PreToolUse lease gate', () => {
    it('adds a matcher group for the declared write tools whose command names the path fields', () => {
      const doc = mergeHooks({}, GROUPS, VARS, true) as any
      expect(doc.hooks.PreToolUse).to.deep.equal([{matcher: 'Write|Edit|MultiEdit|NotebookEdit', hooks: [{
        command: '/opt/agora/bin/agora hook PreToolUse --as alice --url http://127.0.0.1:8765 --path-field file_path --path-field notebook_path',
        timeout: 10, type: 'command'}]}])
    })

    it('removes the gate with the other agora hooks when hooks are off', () => {
      const removed = mergeHooks(mergeHooks({}, GROUPS, VARS, true), GROUPS, VARS, false) as any
      expect(removed.hooks).to.deep.equal({})
    })

    it('writes no gate for a harness that declares none', () => {
      expect(mergeHooks({}, FLAT, VARS, true).hooks).to.not.have.property('PreToolUse')
    })
  })

  describe('mergeHooks (flat stop)', () => {
    it('writes the flat stop shape with timeout 30 and loop_limit 3, keeping foreign stop handlers', () => {
      const doc = mergeHooks({version: 1, hooks: {stop: [{command: './my-stop.sh'}]}}, FLAT, VARS, true) as any
      expect(doc.hooks.stop).to.deep.equal([
        {command: './my-stop.sh'},
        {command: '/opt/agora/bin/agora hook Stop --as alice --url http://127.0.0.1:8765 --format followup', timeout: 30, loop_limit: 3},
      ])
      expect(mergeHooks(doc, FLAT, VARS, false)).to.deep.equal({version: 1, hooks: {stop: [{command: './my-stop.sh'}]}})
    })
  })
})
