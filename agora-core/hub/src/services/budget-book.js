"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.refusals = void 0;
var protocol_1 = require("@agora/protocol");
var budgets_js_1 = require("./budgets.js");
/** The refusals of the post budget step, worded once for both books. */
exports.refusals = {
    posting: function (wait) { return new budgets_js_1.RateLimited("posting rate limit reached; retry in ".concat(Math.max(0.1, wait).toFixed(1), "s"), wait); },
    criticalNotOperator: function () { return new protocol_1.AgoraError(403, 'critical is reserved for operators; use urgency=interrupt for something urgent'); },
    critical: function (wait) { return new budgets_js_1.RateLimited("critical budget exhausted (5 per hour); retry in ".concat(Math.ceil(wait), "s or use urgency=interrupt"), wait); },
    write: function (wait) { return new budgets_js_1.RateLimited("write rate limit reached (fs and store writes); retry in ".concat(Math.max(0.1, wait).toFixed(1), "s, or batch changes into fewer writes"), wait); },
};
