import {renameSync, writeFileSync} from 'node:fs'

export interface LaunchRecord {
  format: 1
  attempt: string
  harness: string
  nativeRef?: string
  error?: 'missing'
  producer: string
  /** The `--launch-id` this runner was started with, echoed. */
  launchId?: string
}

/** Write the record whole: a temporary file beside it, then rename, so OpenRig never reads half of one. */
export function writeLaunchRecord(path: string, record: LaunchRecord): void {
  const tmp = `${path}.${process.pid}.tmp`
  writeFileSync(tmp, JSON.stringify(record) + '\n', {mode: 0o600})
  renameSync(tmp, path)
}
