import {expect} from 'chai'
import {execFileSync} from 'node:child_process'
import {mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {computeId, findWorkspace, normalizeRemote, repoPath} from '../src/workspace.js'

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, {cwd, encoding: 'utf8'}).trim()

/** A real repository with one commit, optionally an origin remote. */
export function makeRepo(dir: string, remote?: string): string {
  mkdirSync(dir, {recursive: true})
  git(dir, 'init', '-q', '-b', 'main')
  git(dir, 'config', 'user.email', 't@example.com')
  git(dir, 'config', 'user.name', 't')
  writeFileSync(join(dir, 'README.md'), 'hi\n')
  git(dir, 'add', 'README.md')
  git(dir, 'commit', '-qm', 'root')
  if (remote) git(dir, 'remote', 'add', 'origin', remote)
  return dir
}

describe('repository workspaces', () => {
  let dir: string
  beforeEach(() => { dir = realpathSync(mkdtempSync(join(tmpdir(), 'agora-ws-'))) })
  afterEach(() => rmSync(dir, {recursive: true, force: true}))

  it('normalizes ssh and https remotes to one identity and file remotes to local', () => {
    expect(normalizeRemote('git@github.com:Acme/app.git')).to.equal('github.com/Acme/app')
    expect(normalizeRemote('https://me@GitHub.com/Acme/app')).to.equal('github.com/Acme/app')
    expect(normalizeRemote('ssh://git@host.example:2222/team/app.git')).to.equal('host.example/team/app')
    expect(normalizeRemote('/srv/git/app.git')).to.equal('local')
    expect(normalizeRemote('file:///srv/git/app.git')).to.equal('local')
    expect(normalizeRemote(null)).to.equal('local')
  })

  it('gives two clones of one repository on different paths the same workspace id, cached in .git', () => {
    const a = makeRepo(join(dir, 'a'), 'git@github.com:acme/app.git')
    execFileSync('git', ['clone', '-q', a, join(dir, 'b')])
    execFileSync('git', ['remote', 'set-url', 'origin', 'https://github.com/acme/app'], {cwd: join(dir, 'b')})
    const wa = findWorkspace(join(a))!
    const wb = findWorkspace(join(dir, 'b'))!
    expect(wa.id).to.match(/^github\.com\/acme\/app@[0-9a-f]{12}$/)
    expect(wb.id).to.equal(wa.id)
    expect(wa.root).to.equal(a)
    expect(readFileSync(join(a, '.git', 'agora-workspace'), 'utf8').split('\n')[0]).to.equal(wa.id)
  })

  it('recomputes the cached identity when the origin remote changes', () => {
    const a = makeRepo(join(dir, 'a'), 'git@github.com:acme/app.git')
    const before = findWorkspace(a)!.id
    git(a, 'remote', 'set-url', 'origin', 'git@github.com:acme/renamed.git')
    const after = findWorkspace(a)!.id
    expect(before).to.match(/^github\.com\/acme\/app@/)
    expect(after).to.equal(before.replace('acme/app@', 'acme/renamed@'))
    expect(readFileSync(join(a, '.git', 'agora-workspace'), 'utf8').split('\n')[0]).to.equal(after)
  })

  it('has no identity before the first commit and finds it once the commit exists', () => {
    const r = join(dir, 'fresh')
    mkdirSync(r)
    git(r, 'init', '-q', '-b', 'main')
    expect(findWorkspace(r)).to.equal(null)
    expect(readFileSync(join(r, '.git', 'agora-workspace'), 'utf8').split('\n')[0]).to.equal('-')
    expect(findWorkspace(r)).to.equal(null)
    git(r, '-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-q', '--allow-empty', '-m', 'root')
    expect(findWorkspace(r)?.id).to.match(/^local@[0-9a-f]{12}$/)
  })

  it('rewrites a cache file that holds an identity without its git stamp', () => {
    const a = makeRepo(join(dir, 'a'))
    writeFileSync(join(a, '.git', 'agora-workspace'), 'local@000000000000\n')
    const id = findWorkspace(a)!.id
    expect(id).to.equal(computeId(a)).and.not.equal('local@000000000000')
    expect(readFileSync(join(a, '.git', 'agora-workspace'), 'utf8').split('\n')[0]).to.equal(id)
  })

  it('returns null outside a repository', () => {
    expect(findWorkspace(dir)).to.equal(null)
  })

  it('maps paths into the repository, reports symlink targets, and leaves outside paths alone', () => {
    const repo = makeRepo(join(dir, 'r'))
    const ws = findWorkspace(repo)!
    mkdirSync(join(repo, 'src', 'api'), {recursive: true})
    symlinkSync(join(repo, 'src', 'api'), join(repo, 'link'))
    expect(repoPath(ws, 'src/api/new.ts', repo)).to.deep.equal({path: 'src/api/new.ts', real: null})
    expect(repoPath(ws, join(repo, 'link', 'x.ts'), '/')).to.deep.equal({path: 'link/x.ts', real: 'src/api/x.ts'})
    expect(repoPath(ws, '/etc/hosts', repo)).to.equal(null)
    expect(repoPath(ws, '../elsewhere.ts', join(repo, 'src'))).to.deep.equal({path: 'elsewhere.ts', real: null})
  })
})
