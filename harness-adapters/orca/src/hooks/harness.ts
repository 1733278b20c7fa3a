import {orcaFromEnv} from '../harness.js'

/** Answers agora's `agora:harness` discovery event with the worker AGORA_ORCA_URL names. */
export default async function harness() {
  return orcaFromEnv()
}
