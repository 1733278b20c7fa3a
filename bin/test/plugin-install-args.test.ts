import {expect} from 'chai'
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {looksLikeLocalPath, rewritePluginInstallArgs} from '../src/plugin-install-args.js'

describe('rewritePluginInstallArgs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agora-args-'))
  writeFileSync(join(dir, 'x.tgz'), '')

  it('leaves package names, scoped names, URLs, file: forms and flags alone', () => {
    const args = ['codex', '@agora/harness-codex', 'file:/tmp/x.tgz', 'https://example.test/x.tgz', '--force']
    expect(rewritePluginInstallArgs(args, dir)).to.deep.equal({argv: args})
  })

  it('rewrites relative, absolute and bare tarball paths to absolute file: forms', () => {
    const result = rewritePluginInstallArgs(['./x.tgz', join(dir, 'x.tgz'), 'x.tgz', '.'], dir)
    expect(result.argv).to.deep.equal([`file:${join(dir, 'x.tgz')}`, `file:${join(dir, 'x.tgz')}`, `file:${join(dir, 'x.tgz')}`, `file:${dir}`])
  })

  it('refuses a local path that does not exist', () => {
    const result = rewritePluginInstallArgs(['../nowhere.tgz'], dir)
    expect(result.error).to.match(/^no file or folder at .*nowhere\.tgz/)
  })

  it('tells paths from names', () => {
    expect(looksLikeLocalPath('pi')).to.equal(false)
    expect(looksLikeLocalPath('~/plugins/x')).to.equal(true)
  })
})
