"use strict";
var __assign = (this && this.__assign) || function () {
    __assign = Object.assign || function(t) {
        for (var s, i = 1, n = arguments.length; i < n; i++) {
            s = arguments[i];
            for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p))
                t[p] = s[p];
        }
        return t;
    };
    return __assign.apply(this, arguments);
};
var __awaiter = (this && this.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};
var __generator = (this && this.__generator) || function (thisArg, body) {
    var _ = { label: 0, sent: function() { if (t[0] & 1) throw t[1]; return t[1]; }, trys: [], ops: [] }, f, y, t, g = Object.create((typeof Iterator === "function" ? Iterator : Object).prototype);
    return g.next = verb(0), g["throw"] = verb(1), g["return"] = verb(2), typeof Symbol === "function" && (g[Symbol.iterator] = function() { return this; }), g;
    function verb(n) { return function (v) { return step([n, v]); }; }
    function step(op) {
        if (f) throw new TypeError("Generator is already executing.");
        while (g && (g = 0, op[0] && (_ = 0)), _) try {
            if (f = 1, y && (t = op[0] & 2 ? y["return"] : op[0] ? y["throw"] || ((t = y["return"]) && t.call(y), 0) : y.next) && !(t = t.call(y, op[1])).done) return t;
            if (y = 0, t) op = [op[0] & 2, t.value];
            switch (op[0]) {
                case 0: case 1: t = op; break;
                case 4: _.label++; return { value: op[1], done: false };
                case 5: _.label++; y = op[1]; op = [0]; continue;
                case 7: op = _.ops.pop(); _.trys.pop(); continue;
                default:
                    if (!(t = _.trys, t = t.length > 0 && t[t.length - 1]) && (op[0] === 6 || op[0] === 2)) { _ = 0; continue; }
                    if (op[0] === 3 && (!t || (op[1] > t[0] && op[1] < t[3]))) { _.label = op[1]; break; }
                    if (op[0] === 6 && _.label < t[1]) { _.label = t[1]; t = op; break; }
                    if (t && _.label < t[2]) { _.label = t[2]; _.ops.push(op); break; }
                    if (t[2]) _.ops.pop();
                    _.trys.pop(); continue;
            }
            op = body.call(thisArg, _);
        } catch (e) { op = [6, e]; y = 0; } finally { f = t = 0; }
        if (op[0] & 5) throw op[1]; return { value: op[0] ? op[1] : void 0, done: true };
    }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.DROPPED_WAKE_AFTER = exports.WAKE_BANDS = void 0;
exports.sweepWakes = sweepWakes;
var walk_js_1 = require("./walk.js");
var presence_js_1 = require("../presence.js");
var envelopes_js_1 = require("../envelopes.js");
var store_js_1 = require("../store.js");
var messages_js_1 = require("../messages.js");
var wake_writer_js_1 = require("../wake-writer.js");
/** The escalation bands: a debt's wake is re-emitted as its age crosses 1×, 2× and 4× its channel's SLA. */
exports.WAKE_BANDS = [1, 2, 4];
/** An unread debt on an armed seat gets one more wake this many seconds after it was posted. */
exports.DROPPED_WAKE_AFTER = 30;
function band(age, slaSeconds) {
    var b = 0;
    exports.WAKE_BANDS.forEach(function (k, i) { if (age > k * slaSeconds)
        b = i + 1; });
    return b;
}
/**
 * Escalation re-wake and dropped-wake re-emit in one walk: both re-send a debt's notify line to the
 * one seat that owes it, so a file-tailing listener sees the `escalated` flag or a wake it missed.
 * Returns `<seat>:<message id>:<reason>` for every re-emit.
 */
function sweepWakes(pass) {
    return __awaiter(this, void 0, void 0, function () {
        var out, ctx;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    out = [];
                    ctx = pass.ctx;
                    return [4 /*yield*/, (0, walk_js_1.walkSeats)(pass, 'wakes', function (agent) { return __awaiter(_this, void 0, void 0, function () {
                            var guard, before, rows, reception, armed, read, _a, next, _i, rows_1, r, rec, age, b, _b, _c, reason, m;
                            var _d, _e;
                            return __generator(this, function (_f) {
                                switch (_f.label) {
                                    case 0:
                                        guard = "wake:".concat(agent);
                                        before = (_d = pass.guards.get(guard)) !== null && _d !== void 0 ? _d : {};
                                        return [4 /*yield*/, pass.toAnswer(agent)];
                                    case 1:
                                        rows = _f.sent();
                                        if (!(rows.length === 0)) return [3 /*break*/, 3];
                                        return [4 /*yield*/, pass.guards.delete(guard)];
                                    case 2:
                                        _f.sent();
                                        return [2 /*return*/];
                                    case 3:
                                        reception = ctx.presence.receptionAt(agent);
                                        armed = reception != null && pass.now - reception <= presence_js_1.RECEPTION_WINDOW;
                                        if (!armed) return [3 /*break*/, 5];
                                        return [4 /*yield*/, (0, messages_js_1.readSet)(ctx, agent, rows.map(function (r) { return r.id; }))];
                                    case 4:
                                        _a = _f.sent();
                                        return [3 /*break*/, 6];
                                    case 5:
                                        _a = new Set();
                                        _f.label = 6;
                                    case 6:
                                        read = _a;
                                        next = {};
                                        _i = 0, rows_1 = rows;
                                        _f.label = 7;
                                    case 7:
                                        if (!(_i < rows_1.length)) return [3 /*break*/, 12];
                                        r = rows_1[_i];
                                        rec = __assign({}, ((_e = before[r.id]) !== null && _e !== void 0 ? _e : { band: 0, dropped: false }));
                                        return [4 /*yield*/, (0, envelopes_js_1.debtAge)(ctx, r.created_at, pass.now)];
                                    case 8:
                                        age = _f.sent();
                                        _b = band;
                                        _c = [age];
                                        return [4 /*yield*/, (0, store_js_1.slaMinutes)(ctx, r.channel)];
                                    case 9:
                                        b = _b.apply(void 0, _c.concat([(_f.sent()) * 60]));
                                        reason = null;
                                        if (b > rec.band) {
                                            reason = "band".concat(exports.WAKE_BANDS[b - 1], "x");
                                            rec.band = b;
                                        }
                                        if (armed && !rec.dropped && !read.has(r.id) && age >= exports.DROPPED_WAKE_AFTER) {
                                            reason !== null && reason !== void 0 ? reason : (reason = 'dropped');
                                            rec.dropped = true;
                                        }
                                        next[r.id] = rec;
                                        if (!reason)
                                            return [3 /*break*/, 11];
                                        return [4 /*yield*/, (0, messages_js_1.getMessage)(ctx, r.id)];
                                    case 10:
                                        m = _f.sent();
                                        if (m)
                                            (0, wake_writer_js_1.reemitWake)(ctx, agent, m);
                                        out.push("".concat(agent, ":").concat(r.id, ":").concat(reason));
                                        _f.label = 11;
                                    case 11:
                                        _i++;
                                        return [3 /*break*/, 7];
                                    case 12: return [4 /*yield*/, pass.guards.set(guard, next)];
                                    case 13:
                                        _f.sent();
                                        return [2 /*return*/];
                                }
                            });
                        }); })];
                case 1:
                    _a.sent();
                    return [2 /*return*/, out];
            }
        });
    });
}
