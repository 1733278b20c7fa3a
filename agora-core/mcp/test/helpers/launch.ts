// The agora-mcp process as tests and the bench spawn it: TypeScript source through tsx.
import {runAgoraMcp} from '../../src/index.js'

process.exitCode = await runAgoraMcp(process.argv.slice(2))
