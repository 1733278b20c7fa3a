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
exports.SlowLog = exports.SLOW_RING = void 0;
exports.SLOW_RING = 50;
/**
 * The slow-request log behind GET /admin/slow: requests that took at least `thresholdMs`, newest
 * last, the oldest dropped past SLOW_RING. Paths only: query strings never reach the log.
 */
var SlowLog = /** @class */ (function () {
    function SlowLog(thresholdMs, now) {
        this.thresholdMs = thresholdMs;
        this.now = now;
        this.entries = [];
    }
    SlowLog.prototype.middleware = function () {
        var _this = this;
        return function (req, res, next) {
            var started = process.hrtime.bigint();
            res.on('finish', function () {
                var ms = Number(process.hrtime.bigint() - started) / 1e6;
                if (ms < _this.thresholdMs)
                    return;
                _this.entries.push({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms), at: _this.now() });
                if (_this.entries.length > exports.SLOW_RING)
                    _this.entries.shift();
            });
            next();
        };
    };
    SlowLog.prototype.report = function () {
        return { threshold_ms: this.thresholdMs, capacity: exports.SLOW_RING, requests: __spreadArray([], this.entries, true).reverse() };
    };
    return SlowLog;
}());
exports.SlowLog = SlowLog;
