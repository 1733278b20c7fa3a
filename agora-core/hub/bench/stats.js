"use strict";
var __spreadArray = (this && this.__spreadArray) || function (to, from, pack) {
    if (pack || arguments.length === 2) for (var i = 0, l = from.length, ar; i < l; i++) {
        if (ar || !(i in from)) {
            if (!ar) ar = Array.prototype.slice.call(from, 0, i);
            ar[i] = from[i];
        }
    }
    return to.concat(ar || Array.prototype.slice.call(from));
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.fmt = void 0;
exports.pct = pct;
exports.line = line;
/** Percentile by nearest rank over a copy of the samples (ms). */
function pct(samples, p) {
    if (samples.length === 0)
        return NaN;
    var s = __spreadArray([], samples, true).sort(function (a, b) { return a - b; });
    return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}
var fmt = function (x, digits) {
    if (digits === void 0) { digits = 2; }
    return (Number.isFinite(x) ? x.toFixed(digits) : String(x));
};
exports.fmt = fmt;
function line(label, value, goal) {
    if (goal === void 0) { goal = ''; }
    console.log("".concat(label.padEnd(44), " ").concat(value.padStart(14), "   ").concat(goal));
}
