"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.HUB_VERSION = void 0;
/** The @agora/hub package version, served by `/`, `/healthz` and `/whoami`. */
exports.HUB_VERSION = '0.1.0';
