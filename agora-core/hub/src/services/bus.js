"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Bus = void 0;
/**
 * The in-process fan-out: WS connections listen for every stored message, and long-poll
 * waiters take a promise BEFORE they check, so a post between check and sleep still wakes them.
 */
var Bus = /** @class */ (function () {
    function Bus() {
        this.listeners = new Set();
        this.waiters = [];
        this.severers = new Set();
        /** Set when the hub shuts down: long-polls return at once instead of re-checking. */
        this.closing = false;
    }
    /** Live sockets register here so a hub block or a retirement can cut them (close 4403). */
    Bus.prototype.onSever = function (fn) {
        var _this = this;
        this.severers.add(fn);
        return function () { return _this.severers.delete(fn); };
    };
    Bus.prototype.sever = function (agent, reason) {
        if (reason === void 0) { reason = 'you are blocked from this hub'; }
        for (var _i = 0, _a = this.severers; _i < _a.length; _i++) {
            var fn = _a[_i];
            fn(agent, reason);
        }
    };
    Bus.prototype.on = function (listener) {
        var _this = this;
        this.listeners.add(listener);
        return function () { return _this.listeners.delete(listener); };
    };
    Bus.prototype.nextPost = function () {
        var _this = this;
        return new Promise(function (resolve) { return _this.waiters.push(resolve); });
    };
    Bus.prototype.publish = function (m) {
        for (var _i = 0, _a = this.listeners; _i < _a.length; _i++) {
            var l = _a[_i];
            try {
                l(m);
            }
            catch (_b) {
                // a failing subscriber never fails the post
            }
        }
        var w = this.waiters;
        this.waiters = [];
        for (var _c = 0, w_1 = w; _c < w_1.length; _c++) {
            var resolve = w_1[_c];
            resolve();
        }
    };
    Bus.prototype.wakeAll = function () {
        var w = this.waiters;
        this.waiters = [];
        for (var _i = 0, w_2 = w; _i < w_2.length; _i++) {
            var resolve = w_2[_i];
            resolve();
        }
    };
    return Bus;
}());
exports.Bus = Bus;
