"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Bucket = exports.RollingWindow = void 0;
exports.requireRatingToken = requireRatingToken;
exports.takeRatingToken = takeRatingToken;
exports.spendSearchToken = spendSearchToken;
var budgets_js_1 = require("./budgets.js");
/**
 * The budgets of the reputation and search routes, kept apart from the posting bucket: ratings
 * are 30 per rolling minute per rater, search 30/min with a burst of 10 per seat.
 */
var RollingWindow = /** @class */ (function () {
    function RollingWindow(max, seconds, now) {
        this.max = max;
        this.seconds = seconds;
        this.now = now;
        this.stamps = new Map();
    }
    /** Seconds until one more event fits, or 0 when it fits now. */
    RollingWindow.prototype.wait = function (key) {
        var _this = this;
        var _a;
        var t = this.now();
        var list = ((_a = this.stamps.get(key)) !== null && _a !== void 0 ? _a : []).filter(function (s) { return s > t - _this.seconds; });
        this.stamps.set(key, list);
        return list.length < this.max ? 0 : list[0] + this.seconds - t;
    };
    RollingWindow.prototype.take = function (key) {
        var _a, _b;
        (_b = (_a = this.stamps.get(key)) === null || _a === void 0 ? void 0 : _a.push(this.now())) !== null && _b !== void 0 ? _b : this.stamps.set(key, [this.now()]);
    };
    return RollingWindow;
}());
exports.RollingWindow = RollingWindow;
var Bucket = /** @class */ (function () {
    function Bucket(perMinute, burst, now) {
        this.perMinute = perMinute;
        this.burst = burst;
        this.now = now;
        this.state = new Map();
    }
    Bucket.prototype.wait = function (key) {
        var b = this.refill(key);
        return b.tokens >= 1 ? 0 : (1 - b.tokens) / (this.perMinute / 60);
    };
    Bucket.prototype.take = function (key) {
        this.refill(key).tokens -= 1;
    };
    Bucket.prototype.refill = function (key) {
        var _a;
        var t = this.now();
        var b = (_a = this.state.get(key)) !== null && _a !== void 0 ? _a : { tokens: this.burst, at: t };
        b.tokens = Math.min(this.burst, b.tokens + Math.max(0, t - b.at) * (this.perMinute / 60));
        b.at = t;
        this.state.set(key, b);
        return b;
    };
    return Bucket;
}());
exports.Bucket = Bucket;
var windows = new WeakMap();
function of(ctx) {
    var w = windows.get(ctx);
    if (!w)
        windows.set(ctx, (w = { ratings: new RollingWindow(30, 60, function () { return ctx.now(); }), search: new Bucket(30, 10, function () { return ctx.now(); }) }));
    return w;
}
/** Refuse (429 + Retry-After) when the rater has used 30 rating writes in the last minute. */
function requireRatingToken(ctx, rater) {
    var wait = of(ctx).ratings.wait(rater);
    if (wait > 0)
        throw new budgets_js_1.RateLimited("rating budget exhausted (30 per minute); retry in ".concat(Math.ceil(wait), "s"), wait);
}
function takeRatingToken(ctx, rater) {
    of(ctx).ratings.take(rater);
}
/** Search has its own bucket (30/min, burst 10), so searching never eats the posting budget. */
function spendSearchToken(ctx, seat) {
    var w = of(ctx).search;
    var wait = w.wait(seat);
    if (wait > 0)
        throw new budgets_js_1.RateLimited("search budget exhausted (30 per minute, burst 10); retry in ".concat(Math.ceil(wait), "s"), wait);
    w.take(seat);
}
