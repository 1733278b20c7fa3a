// governance: delegations, the hub-alerts channel, charter and rules texts and their receipts, blocks and bans.
// The public face of services/governance/: code outside this folder imports from here only.

export {activeBlock, imposeBlock, liftBlock, listBlocks} from './blocks.js'
export type {BlockInput} from './blocks.js'
export {charterPointer, readHubCharter} from './charter.js'
export {delegationHistory, grantDelegation, revokeDelegation} from './delegations.js'
export type {GrantInput} from './delegations.js'
export {HUB_ALERTS, alertHub, syncHubAlerts} from './hub-alerts.js'
export {channelCharterReceipts, charterGate, hubPartIfBehind, owedCharters, receiptsFor} from './receipts.js'
export {analyseCharter, charterHistory, charterVersion, currentText, publishText} from './texts.js'
