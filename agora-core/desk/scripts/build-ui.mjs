// Bundles the desk for the browser: src/ui/app.tsx → dist/desk/{app.js, app.css} plus index.html.
// esbuild runs at `npm install` / `npm run build` time, so the hub serves finished files: no CDN, no network at run time.
import {build} from 'esbuild'
import {copyFile, mkdir} from 'node:fs/promises'
import {fileURLToPath} from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = `${root}dist/desk`
await mkdir(out, {recursive: true})
const result = await build({
  absWorkingDir: root,
  entryPoints: {app: 'src/ui/app.tsx'},
  outdir: out,
  bundle: true,
  format: 'esm',
  target: 'es2022',
  platform: 'browser',
  minify: true,
  sourcemap: false,
  jsx: 'automatic',
  jsxImportSource: 'preact',
  // The desk verifies ledgers with @agora/protocol's own code, read from source like the tests do.
  conditions: ['agora-source'],
  // @agora/protocol hashes with node:crypto; in the browser the same calls go to @noble/hashes.
  alias: {'node:crypto': './src/state/browser-crypto.ts'},
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
})
await copyFile(`${root}src/ui/index.html`, `${out}/index.html`)
const bytes = Object.entries(result.metafile.outputs).map(([f, o]) => `${f.split('/').pop()} ${(o.bytes / 1024).toFixed(1)} KiB`)
console.log(`desk built: ${bytes.join(', ')}`)
