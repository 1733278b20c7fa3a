import {createRequire} from 'node:module'

/** This package's version, sent as `X-Agora-Client` (src/ and dist/ both sit one level below it). */
export const CLIENT_VERSION: string = (createRequire(import.meta.url)('../package.json') as {version: string}).version
