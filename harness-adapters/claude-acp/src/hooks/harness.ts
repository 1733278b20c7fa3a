import {claudeAcp} from '../harness.js'

/** Answers agora's `agora:harness` discovery event with this plugin's declaration. */
export default async function harness() {
  return claudeAcp
}
