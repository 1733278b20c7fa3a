import {expect} from 'chai'
import {patchPaths} from '../../src/hook/patch-paths.js'

describe('patchPaths (the files an apply_patch body touches)', () => {
  it('names every added, updated, deleted and moved-to file once, in order', () => {
    const patch = [
      '*** Begin Patch', '*** Add File: /repo/a.ts', '+x', '*** Update File: src/b.ts', '*** Move to: src/c.ts', '@@', '-y', '+z',
      '*** Delete File: d.ts', '*** Update File: src/b.ts', '*** End Patch', '',
    ].join('\n')
    expect(patchPaths(patch)).to.deep.equal(['/repo/a.ts', 'src/b.ts', 'src/c.ts', 'd.ts'])
  })

  it('reads CRLF bodies and ignores hunk lines that only look like headers', () => {
    expect(patchPaths('*** Begin Patch\r\n*** Update File: a.ts\r\n+*** Add File: not-a-header.ts\r\n*** End Patch\r\n')).to.deep.equal(['a.ts'])
  })

  it('finds nothing in text that is not a patch', () => {
    expect(patchPaths('ls -la && echo "*** Add File:"')).to.deep.equal([])
  })
})
