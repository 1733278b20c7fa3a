/**
 * `@agora/contract/discovery`: just what listing harnesses needs (discovery, validation, transport), for
 * callers on a start-up path (`agora harness list`) that should not load the whole contract.
 */
export {discoverHarnesses} from './discover.js'
export {transportOf} from './transport.js'
