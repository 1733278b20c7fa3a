import {fileURLToPath} from 'node:url'

/**
 * Where the built desk lives (index.html, app.js, app.css), for `createHub({uiDir})`. The same
 * path from src/ (the agora-source condition) and dist/: both sit one level under the package.
 */
export function uiAssetsDir(): string {
  return fileURLToPath(new URL('../dist/desk/', import.meta.url))
}
