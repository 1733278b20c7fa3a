// A CPU profile of one bench phase, taken inside a hub child on the bench's IPC messages
// (hub-child.mjs, reads-child.mjs): written as a .cpuprofile file for DevTools.
import {writeFileSync} from 'node:fs'
import {Session} from 'node:inspector/promises'

let session = null

/** Handles `{type: 'profile-start'}` and `{type: 'profile-stop', file}`; true when `m` was one of them. */
export async function onProfileMessage(m, intervalUs) {
  if (m?.type === 'profile-start') {
    session = new Session()
    session.connect()
    await session.post('Profiler.enable')
    await session.post('Profiler.setSamplingInterval', {interval: intervalUs})
    await session.post('Profiler.start')
    process.send({type: 'profiling'})
    return true
  }
  if (m?.type === 'profile-stop') {
    const {profile} = await session.post('Profiler.stop')
    writeFileSync(m.file, JSON.stringify(profile))
    session.disconnect()
    session = null
    process.send({type: 'profiled'})
    return true
  }
  return false
}
