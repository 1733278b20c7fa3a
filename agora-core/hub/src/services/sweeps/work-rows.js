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
exports.PARKED = exports.PHASE_STALE_DEFAULT_MINUTES = exports.TERMINAL = void 0;
exports.statusWord = statusWord;
exports.isTerminal = isTerminal;
exports.isFinished = isFinished;
exports.needsFrom = needsFrom;
exports.sweepWorkRows = sweepWorkRows;
var protocol_1 = require("@agora/protocol");
var envelopes_js_1 = require("../envelopes.js");
var store_js_1 = require("../store.js");
/** A row whose status (first word) is one of these is finished or parked: no cadence pings, no steward pings. */
exports.TERMINAL = new Set(['done', 'shipped', 'delivered', 'complete', 'completed', 'closed', 'landed', 'merged', 'released',
    'resolved', 'parked', 'paused', 'blocked', 'on-hold', 'onhold', 'hold', 'deferred', 'cancelled', 'canceled', 'abandoned']);
/** A phase with no cadence_minutes counts as stale after a day without a write. */
exports.PHASE_STALE_DEFAULT_MINUTES = 24 * 60;
function statusWord(v) {
    var _a, _b;
    var s = typeof v.status === 'string' ? v.status : typeof v.state === 'string' ? v.state : '';
    return (_b = (_a = s.trim().split(/\s+/)[0]) === null || _a === void 0 ? void 0 : _a.toLowerCase()) !== null && _b !== void 0 ? _b : '';
}
function isTerminal(v) {
    return v.done === true || exports.TERMINAL.has(statusWord(v));
}
/** Parked words: the row is not moving on purpose, but it is not finished (the board still shows it). */
exports.PARKED = new Set(['parked', 'paused', 'blocked', 'on-hold', 'onhold', 'hold', 'deferred']);
/** Finished: terminal and not merely parked. */
function isFinished(v) {
    return v.done === true || (exports.TERMINAL.has(statusWord(v)) && !exports.PARKED.has(statusWord(v)));
}
/** Seats a claim says it waits on: `needs_from` as one seat id or a list of them. */
function needsFrom(v) {
    var n = v.needs_from;
    if (typeof n === 'string')
        return [n];
    return Array.isArray(n) ? n.filter(function (x) { return typeof x === 'string'; }) : [];
}
function workRows(pass) {
    return __awaiter(this, void 0, void 0, function () {
        var rows, out, _i, rows_1, r, v;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, pass.ctx.db.all("SELECT channel, key, value_json, version, updated_at FROM store WHERE key LIKE 'claim:%' OR key LIKE 'phase:%'")];
                case 1:
                    rows = _a.sent();
                    out = [];
                    for (_i = 0, rows_1 = rows; _i < rows_1.length; _i++) {
                        r = rows_1[_i];
                        if (r.value_json == null)
                            continue;
                        v = (0, protocol_1.toPlain)((0, protocol_1.parseJsonLossless)(r.value_json));
                        if (v && typeof v === 'object' && !Array.isArray(v))
                            out.push(__assign(__assign({}, r), { value: v }));
                    }
                    return [2 /*return*/, out];
            }
        });
    });
}
/**
 * Work-row hygiene in one scan of claim:/phase: rows. Each ring is an `fyi` system post in the row's
 * own channel, addressed to the seat that must act, at most once per row version (guard in meta):
 * - claim-due: a live claim with cadence_minutes > 0 and no write for longer than that;
 * - resume: a claim's `waiting_on {channel,key,at_version}` target has moved past at_version;
 * - blocker: a claim names seats in `needs_from` and has waited a full SLA: "YOU ARE THE BLOCKER";
 * - steward: a live phase unwritten past its cadence (default a day) pings its steward.
 */
function sweepWorkRows(pass) {
    return __awaiter(this, void 0, void 0, function () {
        var ctx, out, _loop_1, _i, _a, row, state_1;
        var _this = this;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    ctx = pass.ctx;
                    out = [];
                    _loop_1 = function (row) {
                        var channel, key, v, version, idle, where, once, owner, cadence, w_1, target_1, blockers_1, _c, _d, steward;
                        return __generator(this, function (_e) {
                            switch (_e.label) {
                                case 0:
                                    if (pass.outOfTime())
                                        return [2 /*return*/, "break"];
                                    channel = row.channel, key = row.key, v = row.value, version = row.version;
                                    return [4 /*yield*/, (0, envelopes_js_1.debtAge)(ctx, row.updated_at, pass.now)];
                                case 1:
                                    idle = _e.sent();
                                    where = "".concat(channel, "/").concat(key);
                                    once = function (kind, stamp, ring) { return __awaiter(_this, void 0, void 0, function () {
                                        var guard;
                                        return __generator(this, function (_a) {
                                            switch (_a.label) {
                                                case 0:
                                                    guard = "".concat(kind, ":").concat(where);
                                                    if (JSON.stringify(pass.guards.get(guard)) === JSON.stringify(stamp))
                                                        return [2 /*return*/];
                                                    return [4 /*yield*/, ring()];
                                                case 1:
                                                    if (_a.sent())
                                                        out.push("".concat(kind, ":").concat(where));
                                                    return [4 /*yield*/, pass.guards.set(guard, stamp)];
                                                case 2:
                                                    _a.sent();
                                                    return [2 /*return*/];
                                            }
                                        });
                                    }); };
                                    owner = typeof v.owner === 'string' ? v.owner : null;
                                    cadence = typeof v.cadence_minutes === 'number' ? v.cadence_minutes : 0;
                                    if (!(key.startsWith('claim:') && owner)) return [3 /*break*/, 10];
                                    if (!(cadence > 0 && !isTerminal(v) && idle > cadence * 60)) return [3 /*break*/, 3];
                                    return [4 /*yield*/, once('claim-due', version, function () { return pass.ring(channel, "CLAIM DUE: ".concat(key, " has had no receipt for ").concat(Math.round(idle / 60), " min (cadence ").concat(cadence, " min); write a one-line receipt or park it"), { title: "CLAIM DUE ".concat(key), to: [owner], data: { ring: 'claim_due', key: key, version: version }, dedupeKey: "claim-due:".concat(key, ":").concat(version) }); })];
                                case 2:
                                    _e.sent();
                                    _e.label = 3;
                                case 3:
                                    w_1 = v.waiting_on;
                                    if (!(w_1 && typeof w_1 === 'object' && typeof w_1.channel === 'string' && typeof w_1.key === 'string' && typeof w_1.at_version === 'number'
                                        && ctx.cache.isMember(w_1.channel, owner))) return [3 /*break*/, 6];
                                    return [4 /*yield*/, ctx.db.get('SELECT version FROM store WHERE channel = ? AND key = ?', w_1.channel, w_1.key)];
                                case 4:
                                    target_1 = _e.sent();
                                    if (!(target_1 && target_1.version > w_1.at_version)) return [3 /*break*/, 6];
                                    return [4 /*yield*/, once('resume', [version, target_1.version], function () { return pass.ring(channel, "RESUME: ".concat(key, " waits on ").concat(w_1.channel, "/").concat(w_1.key, ", which moved from v").concat(w_1.at_version, " to v").concat(target_1.version), { title: "RESUME ".concat(key), to: [owner], data: { ring: 'resume', key: key, waiting_on: { channel: w_1.channel, key: w_1.key, version: target_1.version } },
                                            dedupeKey: "resume:".concat(key, ":").concat(version, ":").concat(target_1.version) }); })];
                                case 5:
                                    _e.sent();
                                    _e.label = 6;
                                case 6:
                                    blockers_1 = needsFrom(v).filter(function (s) { return s !== owner; });
                                    _c = blockers_1.length > 0 && !isFinished(v);
                                    if (!_c) return [3 /*break*/, 8];
                                    _d = idle;
                                    return [4 /*yield*/, (0, store_js_1.slaMinutes)(ctx, channel)];
                                case 7:
                                    _c = _d > (_e.sent()) * 60;
                                    _e.label = 8;
                                case 8:
                                    if (!_c) return [3 /*break*/, 10];
                                    return [4 /*yield*/, once('blocker', version, function () { return pass.ring(channel, "YOU ARE THE BLOCKER: ".concat(owner, "'s ").concat(key, " waits on you").concat(typeof v.needs === 'string' ? " (needs: ".concat(v.needs.slice(0, 200), ")") : '', "; answer in the room or say when"), { title: "YOU ARE THE BLOCKER ".concat(key), to: blockers_1, data: { ring: 'blocker', key: key, owner: owner }, dedupeKey: "blocker:".concat(key, ":").concat(version) }); })];
                                case 9:
                                    _e.sent();
                                    _e.label = 10;
                                case 10:
                                    steward = typeof v.steward === 'string' ? v.steward : null;
                                    if (!(key.startsWith('phase:') && steward && !isTerminal(v) && idle > (cadence > 0 ? cadence : exports.PHASE_STALE_DEFAULT_MINUTES) * 60)) return [3 /*break*/, 12];
                                    return [4 /*yield*/, once('steward', version, function () { return pass.ring(channel, "PHASE STALE: ".concat(key, " has not moved for ").concat(Math.round(idle / 60), " min; as its steward, write where it stands or hand it on"), { title: "PHASE STALE ".concat(key), to: [steward], data: { ring: 'steward', key: key, version: version }, dedupeKey: "steward:".concat(key, ":").concat(version) }); })];
                                case 11:
                                    _e.sent();
                                    _e.label = 12;
                                case 12: return [2 /*return*/];
                            }
                        });
                    };
                    _i = 0;
                    return [4 /*yield*/, workRows(pass)];
                case 1:
                    _a = _b.sent();
                    _b.label = 2;
                case 2:
                    if (!(_i < _a.length)) return [3 /*break*/, 5];
                    row = _a[_i];
                    return [5 /*yield**/, _loop_1(row)];
                case 3:
                    state_1 = _b.sent();
                    if (state_1 === "break")
                        return [3 /*break*/, 5];
                    _b.label = 4;
                case 4:
                    _i++;
                    return [3 /*break*/, 2];
                case 5: return [2 /*return*/, out];
            }
        });
    });
}
