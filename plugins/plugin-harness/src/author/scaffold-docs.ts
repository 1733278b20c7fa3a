// The package half of `agora harness init`: package.json, README with the flag table, CI workflow.

export const packageJson = (name: string, contractVersion: string) => JSON.stringify({
  name: `agora-harness-${name}`,
  version: '0.1.0',
  description: `agora harness plugin for ${name}`,
  type: 'module',
  license: 'MIT',
  files: ['hooks', 'lib', 'README.md'],
  keywords: ['agora-harness', 'oclif-plugin'],
  oclif: {hooks: {'agora:harness': './hooks/harness.js'}},
  scripts: {test: 'mocha'},
  devDependencies: {'@agora/contract': `^${contractVersion}`, chai: '^5.2.0', mocha: '^11.7.0'},
}, null, 2) + '\n'

export const readme = (name: string) => `# agora-harness-${name}

An [agora](https://www.npmjs.com/package/@agora/cli) harness plugin: it lets agora drive \`${name}\` as a seat.
The declaration is data (\`lib/declaration.js\`), the command is one pure function (\`lib/build-command.js\`)
and the turn's stream is read by a spec (\`lib/evidence.js\`); agora's generic code never names ${name}.

## Flags agora passes to ${name}

| agora knob | ${name} flag | when |
|---|---|---|
| (always) | \`run --json\` | every turn: one turn, NDJSON on stdout |
| (always) | \`--mcp <json>\` | agora's MCP server (command, args, env with the seat id; never a key) |
| \`--model\` | \`--model <m>\` | a model was asked for |
| \`--reasoning-effort\` | \`--effort low\\|medium\\|high\` | a reasoning level was asked for |
| \`--permissions read\` | \`--read-only\` | read-only turns |
| session | \`--resume <id>\` | a later turn of the same session (the id from the \`init\` event) |
| (always) | the prompt | last argument |

Change the table with the code: every knob in \`supports\` must change the argv (the contract test checks it).

## Develop

\`\`\`sh
npm install
npm test                                    # describeHarnessContract + a turn through fake-bin/${name}
agora harness validate .                    # the declaration, without installing
agora plugins link .
PATH="$PWD/fake-bin:$PATH" agora harness-check ${name}   # the fake stands in until ${name} is installed
\`\`\`

## Publish

Publish under your own scope (\`@you/harness-${name}\`) or as \`agora-harness-${name}\`: agora discovers
any installed plugin that answers the \`agora:harness\` hook, whatever its name. Users then run
\`agora plugins install agora-harness-${name}\` and \`agora harness-check ${name}\`.
`

export const workflow = (name: string) => `# Gates every push on agora's verdict for this harness (exit 1 = NOT DRIVABLE fails the job).
name: agora harness-check
on: [push, pull_request]
jobs:
  harness-check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with: {node-version: 20}
      - run: npm install
      - run: npm test
      - run: npm install -g @agora/cli
      - run: agora harness validate .
      - run: agora plugins link .
      # Until ${name} itself is installed here, the fake binary stands in for it.
      - shell: bash
        run: |
          set -o pipefail
          PATH="$PWD/fake-bin:$PATH" agora harness-check ${name} --json | tee harness-check.json
      - uses: actions/upload-artifact@v4
        if: always()
        with: {name: harness-check, path: harness-check.json}
`

export const gitignore = () => 'node_modules/\n*.tgz\n'
