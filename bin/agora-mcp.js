#!/usr/bin/env node
import {runAgoraMcp} from '@agora/mcp'

process.exitCode = await runAgoraMcp(process.argv.slice(2))
