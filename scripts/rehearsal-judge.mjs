// Judges what the publish rehearsal's installed `agora` printed (JSON on stdin); exit 1 names what is wrong.
//   node rehearsal-judge.mjs listed <harness> <plugin> <source>   the harness is active, from that plugin and source
//   node rehearsal-judge.mjs absent <harness>                      no installed plugin declares the harness
//   node rehearsal-judge.mjs checked <harness> <plugin> <source> <binary-on-path: yes|no>
// A check is sound when C0 found the named plugin and every failure is the binary being absent;
// with the binary on PATH it must be drivable.
import {readFileSync} from 'node:fs'

const [mode, harness, plugin, source, binaryOnPath] = process.argv.slice(2)
const data = JSON.parse(readFileSync(0, 'utf8'))
const problems = []

if (mode === 'listed') {
  const row = data.harnesses.find((h) => h.name === harness && h.active)
  if (!row) problems.push(`no active harness ${harness} in: ${data.harnesses.map((h) => `${h.name}(${h.plugin} ${h.source})`).join(', ')}`)
  else if (row.plugin !== plugin || row.source !== source) problems.push(`${harness} comes from ${row.plugin} (${row.source}), expected ${plugin} (${source})`)
  else console.log(`  ${harness}: active, from ${row.plugin}@${row.version} (${row.source})`)
} else if (mode === 'absent') {
  const rows = data.harnesses.filter((h) => h.name === harness)
  if (rows.length > 0) problems.push(`${harness} is still declared by ${rows.map((h) => `${h.plugin} (${h.source})`).join(', ')}`)
  else console.log(`  ${harness}: no longer installed`)
} else if (mode === 'checked') {
  const declared = data.probes.find((p) => p.id === 'C0')
  if (declared?.status !== 'PASS' || !declared.detail.startsWith(`${plugin}@`) || !declared.detail.includes(`(${source})`)) {
    problems.push(`C0 did not find ${plugin} (${source}): ${declared?.status} ${declared?.detail}`)
  }
  const allowed = binaryOnPath === 'yes' ? [] : ['binary']
  const blocking = data.unmet.filter((capability) => !allowed.includes(capability))
  if (blocking.length > 0) problems.push(`unmet beyond the binary's absence: ${blocking.join(', ')}`)
  console.log(`  ${harness}: ${data.verdict} (pass ${data.counts.pass}, fail ${data.counts.fail}, skip ${data.counts.skip}); C0 ${declared?.detail}`)
} else {
  problems.push(`unknown mode ${mode}: use listed, absent or checked`)
}

for (const problem of problems) console.error(`rehearsal: ${problem}`)
process.exit(problems.length > 0 ? 1 : 0)
