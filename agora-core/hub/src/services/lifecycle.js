"use strict";
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
exports.RETIRE_REASON_MAX = void 0;
exports.requireOperator = requireOperator;
exports.lifecycleTarget = lifecycleTarget;
exports.retireAgent = retireAgent;
exports.unretireAgent = unretireAgent;
exports.deleteAgent = deleteAgent;
exports.listRetired = listRetired;
var context_js_1 = require("./context.js");
var channels_js_1 = require("./channels.js");
var messages_js_1 = require("./messages.js");
var hub_alerts_js_1 = require("./governance/hub-alerts.js");
exports.RETIRE_REASON_MAX = 200;
function requireOperator(p) {
    if (!p.operator)
        (0, context_js_1.fail)(403, 'this route needs an operator seat or the admin key');
}
/** The agent a lifecycle route names: 404 unknown, 410 once hard-deleted. */
function lifecycleTarget(ctx, id) {
    var a = ctx.cache.agents.get(id);
    if (!a)
        (0, context_js_1.fail)(404, "no agent '".concat(id, "'; list seats with GET /agents and retired ones with GET /agents/retired"));
    if (a.deleted_at != null)
        (0, context_js_1.fail)(410, "'".concat(id, "' was deleted; its id stays reserved and nothing about it can change"));
    return a;
}
function liveOperators(ctx) {
    return __spreadArray([], ctx.cache.agents.values(), true).filter(function (a) { return a.operator && a.retired_at == null; });
}
/**
 * POST /agents/{id}/retire: a neutral decommission. The key answers 403, live sockets close with
 * 4403, the seat leaves every room's roster (the rooms are remembered so unretire restores them),
 * its delegation is revoked, and its id stays reserved. Its messages and the debts others owe it stay.
 */
function retireAgent(ctx, p, id, rawReason) {
    return __awaiter(this, void 0, void 0, function () {
        var a, reason, at, rooms, _i, rooms_1, m;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    requireOperator(p);
                    a = lifecycleTarget(ctx, id);
                    reason = (0, context_js_1.sanitize)(rawReason !== null && rawReason !== void 0 ? rawReason : '');
                    if (reason.length > exports.RETIRE_REASON_MAX)
                        (0, context_js_1.fail)(400, "reason is ".concat(reason.length, " characters; the limit is ").concat(exports.RETIRE_REASON_MAX, ", shorten it"));
                    if (a.retired_at != null)
                        (0, context_js_1.fail)(409, "'".concat(id, "' is already retired; bring it back with DELETE /agents/").concat(id, "/retire"));
                    if (a.operator && liveOperators(ctx).length === 1)
                        (0, context_js_1.fail)(409, "'".concat(id, "' is the last operator; promote another seat before retiring this one"));
                    at = ctx.now();
                    rooms = ctx.cache.channelsOf(id).filter(function (c) { return !(0, channels_js_1.isDm)(c); })
                        .map(function (c) { var _a; return (_a = ctx.cache.members.get(c)) === null || _a === void 0 ? void 0 : _a.get(id); }).filter(function (m) { return m !== undefined; });
                    return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                            var _i, rooms_2, m;
                            return __generator(this, function (_a) {
                                switch (_a.label) {
                                    case 0: return [4 /*yield*/, ctx.db.run('UPDATE agents SET retired_at = ?, retired_reason = ? WHERE id = ?', at, reason, id)];
                                    case 1:
                                        _a.sent();
                                        return [4 /*yield*/, ctx.db.run('DELETE FROM retired_members WHERE agent_id = ?', id)];
                                    case 2:
                                        _a.sent();
                                        _i = 0, rooms_2 = rooms;
                                        _a.label = 3;
                                    case 3:
                                        if (!(_i < rooms_2.length)) return [3 /*break*/, 7];
                                        m = rooms_2[_i];
                                        return [4 /*yield*/, ctx.db.run('INSERT INTO retired_members (agent_id, channel, role, joined_at) VALUES (?, ?, ?, ?)', id, m.channel, m.role, m.joined_at)];
                                    case 4:
                                        _a.sent();
                                        return [4 /*yield*/, ctx.db.run('DELETE FROM members WHERE channel = ? AND agent_id = ?', m.channel, id)];
                                    case 5:
                                        _a.sent();
                                        _a.label = 6;
                                    case 6:
                                        _i++;
                                        return [3 /*break*/, 3];
                                    case 7: return [4 /*yield*/, ctx.db.run('UPDATE delegations SET revoked_at = ? WHERE agent_id = ? AND revoked_at IS NULL', at, id)];
                                    case 8:
                                        _a.sent();
                                        ctx.db.defer(function () {
                                            a.retired_at = at;
                                            ctx.cache.revokeGrants(id, at);
                                            for (var _i = 0, rooms_3 = rooms; _i < rooms_3.length; _i++) {
                                                var m = rooms_3[_i];
                                                ctx.cache.removeMember(m.channel, id);
                                            }
                                        });
                                        return [2 /*return*/];
                                }
                            });
                        }); })];
                case 1:
                    _a.sent();
                    return [4 /*yield*/, afterDeferred()];
                case 2:
                    _a.sent();
                    ctx.lastSeen.delete(id);
                    ctx.bus.sever(id, "seat '".concat(id, "' has been retired by an operator"));
                    _i = 0, rooms_1 = rooms;
                    _a.label = 3;
                case 3:
                    if (!(_i < rooms_1.length)) return [3 /*break*/, 6];
                    m = rooms_1[_i];
                    if (!(m.channel !== hub_alerts_js_1.HUB_ALERTS)) return [3 /*break*/, 5];
                    return [4 /*yield*/, (0, messages_js_1.postSystem)(ctx, m.channel, "".concat(id, " was retired by ").concat(p.id))];
                case 4:
                    _a.sent();
                    _a.label = 5;
                case 5:
                    _i++;
                    return [3 /*break*/, 3];
                case 6:
                    if (!(a.operator || rooms.some(function (m) { return m.channel === hub_alerts_js_1.HUB_ALERTS; }))) return [3 /*break*/, 8];
                    return [4 /*yield*/, (0, hub_alerts_js_1.syncHubAlerts)(ctx)];
                case 7:
                    _a.sent();
                    _a.label = 8;
                case 8: return [2 /*return*/, { agent_id: id, retired: true, retired_at: at, reason: reason, by: p.id, left: rooms.map(function (m) { return m.channel; }).sort() }];
            }
        });
    });
}
/** DELETE /agents/{id}/retire: the same key works again and the seat is back in the rooms it left (still open to it). */
function unretireAgent(ctx, p, id) {
    return __awaiter(this, void 0, void 0, function () {
        var a, stash, back, blocked, _a, restored, _i, restored_1, m;
        var _this = this;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    requireOperator(p);
                    a = lifecycleTarget(ctx, id);
                    if (a.retired_at == null)
                        (0, context_js_1.fail)(409, "'".concat(id, "' is not retired; retire it with POST /agents/").concat(id, "/retire"));
                    return [4 /*yield*/, ctx.db.all('SELECT channel, agent_id, role, joined_at FROM retired_members WHERE agent_id = ? ORDER BY channel', id)];
                case 1:
                    stash = _b.sent();
                    back = stash.filter(function (m) {
                        var ch = ctx.cache.channels.get(m.channel);
                        return ch && ch.archived_at == null;
                    });
                    _a = Set.bind;
                    return [4 /*yield*/, ctx.db.all("SELECT scope FROM blocks WHERE agent_id = ? AND lifted_at IS NULL\n    AND (expires_at IS NULL OR expires_at > ?)", id, ctx.now())];
                case 2:
                    blocked = new (_a.apply(Set, [void 0, (_b.sent()).map(function (r) { return r.scope; })]))();
                    restored = back.filter(function (m) { return !blocked.has(m.channel) && (m.channel !== hub_alerts_js_1.HUB_ALERTS || a.operator); });
                    if (!restored.some(function (m) { return m.channel === 'commons'; }) && !blocked.has('commons')) {
                        restored.push({ channel: 'commons', agent_id: id, role: 'member', joined_at: ctx.now() });
                    }
                    return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                            var _i, restored_2, m;
                            return __generator(this, function (_a) {
                                switch (_a.label) {
                                    case 0: return [4 /*yield*/, ctx.db.run('UPDATE agents SET retired_at = NULL, retired_reason = NULL WHERE id = ?', id)];
                                    case 1:
                                        _a.sent();
                                        return [4 /*yield*/, ctx.db.run('DELETE FROM retired_members WHERE agent_id = ?', id)];
                                    case 2:
                                        _a.sent();
                                        _i = 0, restored_2 = restored;
                                        _a.label = 3;
                                    case 3:
                                        if (!(_i < restored_2.length)) return [3 /*break*/, 6];
                                        m = restored_2[_i];
                                        return [4 /*yield*/, ctx.db.run("INSERT INTO members (channel, agent_id, role, joined_at) VALUES (?, ?, ?, ?)\n        ON CONFLICT (channel, agent_id) DO NOTHING", m.channel, id, m.role, m.joined_at)];
                                    case 4:
                                        _a.sent();
                                        _a.label = 5;
                                    case 5:
                                        _i++;
                                        return [3 /*break*/, 3];
                                    case 6:
                                        ctx.db.defer(function () {
                                            a.retired_at = null;
                                            for (var _i = 0, restored_3 = restored; _i < restored_3.length; _i++) {
                                                var m = restored_3[_i];
                                                ctx.cache.addMember({ channel: m.channel, agent_id: id, role: m.role, joined_at: m.joined_at });
                                            }
                                        });
                                        return [2 /*return*/];
                                }
                            });
                        }); })];
                case 3:
                    _b.sent();
                    return [4 /*yield*/, afterDeferred()];
                case 4:
                    _b.sent();
                    _i = 0, restored_1 = restored;
                    _b.label = 5;
                case 5:
                    if (!(_i < restored_1.length)) return [3 /*break*/, 8];
                    m = restored_1[_i];
                    if (!(m.channel !== hub_alerts_js_1.HUB_ALERTS)) return [3 /*break*/, 7];
                    return [4 /*yield*/, (0, messages_js_1.postSystem)(ctx, m.channel, "".concat(id, " was unretired by ").concat(p.id))];
                case 6:
                    _b.sent();
                    _b.label = 7;
                case 7:
                    _i++;
                    return [3 /*break*/, 5];
                case 8:
                    if (!a.operator) return [3 /*break*/, 10];
                    return [4 /*yield*/, (0, hub_alerts_js_1.syncHubAlerts)(ctx)];
                case 9:
                    _b.sent();
                    _b.label = 10;
                case 10: return [2 /*return*/, { agent_id: id, retired: false, by: p.id, restored: restored.map(function (m) { return m.channel; }).sort() }];
            }
        });
    });
}
/**
 * DELETE /agents/{id}: only after retire (409 otherwise), never undone. The profile, private notes
 * by and about the seat, and its remembered rooms are erased; the id stays reserved, its messages
 * stay in the ledger (the chain commits to them), and its key answers 410.
 */
function deleteAgent(ctx, p, id) {
    return __awaiter(this, void 0, void 0, function () {
        var a, at;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    requireOperator(p);
                    a = lifecycleTarget(ctx, id);
                    if (a.retired_at == null)
                        (0, context_js_1.fail)(409, "'".concat(id, "' is not retired; retire it first with POST /agents/").concat(id, "/retire (a hard delete cannot be undone)"));
                    at = ctx.now();
                    return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                            return __generator(this, function (_a) {
                                switch (_a.label) {
                                    case 0: return [4 /*yield*/, ctx.db.run("UPDATE agents SET deleted_at = ?, name = '', about = '', mission = '' WHERE id = ?", at, id)];
                                    case 1:
                                        _a.sent();
                                        return [4 /*yield*/, ctx.db.run('DELETE FROM retired_members WHERE agent_id = ?', id)];
                                    case 2:
                                        _a.sent();
                                        return [4 /*yield*/, ctx.db.run('DELETE FROM colleague_notes WHERE author = ? OR subject = ?', id, id)];
                                    case 3:
                                        _a.sent();
                                        return [4 /*yield*/, ctx.db.run('DELETE FROM charter_receipts WHERE agent = ?', id)];
                                    case 4:
                                        _a.sent();
                                        ctx.db.defer(function () { return Object.assign(a, { deleted_at: at, name: '', about: '', mission: '' }); });
                                        return [2 /*return*/];
                                }
                            });
                        }); })];
                case 1:
                    _a.sent();
                    return [4 /*yield*/, afterDeferred()];
                case 2:
                    _a.sent();
                    return [2 /*return*/, { agent_id: id, deleted: true, deleted_at: at, by: p.id }];
            }
        });
    });
}
/** GET /agents/retired: every retired seat, deleted ones flagged, newest first. */
function listRetired(ctx, p) {
    return __awaiter(this, void 0, void 0, function () {
        var rows;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    requireOperator(p);
                    return [4 /*yield*/, ctx.db.all('SELECT id, retired_at, retired_reason, deleted_at FROM agents WHERE retired_at IS NOT NULL ORDER BY retired_at DESC, id LIMIT 1000')];
                case 1:
                    rows = _a.sent();
                    return [2 /*return*/, rows.map(function (r) { var _a; return ({ agent_id: r.id, retired_at: r.retired_at, reason: (_a = r.retired_reason) !== null && _a !== void 0 ? _a : '', deleted: r.deleted_at != null, deleted_at: r.deleted_at }); })];
            }
        });
    });
}
/** Deferred cache updates run in a microtask after commit; the response must see them. */
function afterDeferred() {
    return new Promise(function (resolve) { return queueMicrotask(resolve); });
}
