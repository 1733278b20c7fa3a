/** The @agora/hub package version, served by `/`, `/healthz` and `/whoami`. */
export const HUB_VERSION = '0.1.0'
