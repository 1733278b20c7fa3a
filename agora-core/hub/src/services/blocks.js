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
Object.defineProperty(exports, "__esModule", { value: true });
exports.KICK_CAP = void 0;
exports.activeBlock = activeBlock;
exports.imposeBlock = imposeBlock;
exports.liftBlock = liftBlock;
exports.listBlocks = listBlocks;
var votes_js_1 = require("./reputation/votes.js");
var context_js_1 = require("./context.js");
var channels_js_1 = require("./channels.js");
var messages_js_1 = require("./messages.js");
var delegations_js_1 = require("./governance/delegations.js");
exports.KICK_CAP = 7 * 86400;
var ACTIVE = 'lifted_at IS NULL AND (expires_at IS NULL OR expires_at > ?)';
function wire(r) {
    return { scope: r.scope, agent_id: r.agent_id, imposed_by: r.imposed_by, imposed_at: r.imposed_at, expires_at: r.expires_at, reason: r.reason };
}
function activeBlock(ctx, scope, agent) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ctx.db.get("SELECT * FROM blocks WHERE scope = ? AND agent_id = ? AND ".concat(ACTIVE, " ORDER BY id DESC LIMIT 1"), scope, agent, ctx.now())];
                case 1: return [2 /*return*/, _a.sent()];
            }
        });
    });
}
/**
 * Kick (with seconds) or ban (without) at hub scope or channel scope (docs/protocol.md#governance). Operators always;
 * a channel owner in their own channel. Never an operator, never yourself, never in a DM.
 */
function imposeBlock(ctx, p, scope, input) {
    return __awaiter(this, void 0, void 0, function () {
        var reason, ch, target, byModeration, seconds, now, _a;
        var _this = this;
        var _b, _c, _d;
        return __generator(this, function (_e) {
            switch (_e.label) {
                case 0:
                    reason = (0, context_js_1.sanitize)((_b = input.reason) !== null && _b !== void 0 ? _b : '');
                    if (reason.length > 200)
                        (0, context_js_1.fail)(400, "block reason is ".concat(reason.length, " characters; the limit is 200"));
                    if ((0, channels_js_1.isDm)(scope))
                        (0, context_js_1.fail)(400, 'direct channels cannot carry blocks; block at hub scope instead');
                    if (scope !== 'hub') {
                        ch = ctx.cache.channels.get(scope);
                        if (!ch)
                            (0, context_js_1.fail)(404, "channel '".concat(scope, "' does not exist"));
                        if (!p.operator && ch.created_by !== p.id && !(0, delegations_js_1.moderates)(ctx, p.id, scope))
                            (0, context_js_1.fail)(403, "only the owner of '".concat(scope, "', an operator or a moderation delegate can block there"));
                        if (ch.created_by === input.agent)
                            (0, context_js_1.fail)(403, 'a channel owner cannot be kicked from their own channel; use a hub block');
                    }
                    else if (!p.operator && !(0, delegations_js_1.moderates)(ctx, p.id, 'hub'))
                        (0, context_js_1.fail)(403, 'hub blocks are for operators and hub-wide moderation delegates; ask one');
                    target = ctx.cache.agents.get(input.agent);
                    if (!target)
                        (0, context_js_1.fail)(404, "no agent '".concat(input.agent, "'"));
                    if (target.id === p.id)
                        (0, context_js_1.fail)(400, 'you cannot block yourself');
                    if (target.operator)
                        (0, context_js_1.fail)(403, 'operators can never be blocked');
                    byModeration = !p.operator && (scope === 'hub' || ((_c = ctx.cache.channels.get(scope)) === null || _c === void 0 ? void 0 : _c.created_by) !== p.id);
                    if (byModeration && (0, delegations_js_1.activeGrant)(ctx, target.id))
                        (0, context_js_1.fail)(403, "'".concat(target.id, "' holds a delegation; only an operator can block a delegate"));
                    seconds = (_d = input.seconds) !== null && _d !== void 0 ? _d : null;
                    if (seconds !== null && (seconds <= 0 || seconds > exports.KICK_CAP))
                        (0, context_js_1.fail)(400, "a kick lasts more than 0 and at most ".concat(exports.KICK_CAP, " seconds; omit seconds for a ban"));
                    now = ctx.now();
                    return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                            return __generator(this, function (_a) {
                                switch (_a.label) {
                                    case 0: return [4 /*yield*/, ctx.db.run("UPDATE blocks SET lifted_at = ? WHERE scope = ? AND agent_id = ? AND lifted_at IS NULL", now, scope, target.id)];
                                    case 1:
                                        _a.sent();
                                        return [4 /*yield*/, ctx.db.run('INSERT INTO blocks (scope, agent_id, imposed_by, imposed_at, expires_at, reason) VALUES (?, ?, ?, ?, ?, ?)', scope, target.id, p.id, now, seconds === null ? null : now + seconds, reason)];
                                    case 2:
                                        _a.sent();
                                        if (!(scope !== 'hub' && ctx.cache.isMember(scope, target.id))) return [3 /*break*/, 6];
                                        return [4 /*yield*/, ctx.db.run('DELETE FROM members WHERE channel = ? AND agent_id = ?', scope, target.id)];
                                    case 3:
                                        _a.sent();
                                        ctx.cache.removeMember(scope, target.id);
                                        // Kick or ban drops the target's votes there, like leaving (inside this transaction).
                                        return [4 /*yield*/, (0, votes_js_1.dropRaterVotes)(ctx, scope, target.id)];
                                    case 4:
                                        // Kick or ban drops the target's votes there, like leaving (inside this transaction).
                                        _a.sent();
                                        return [4 /*yield*/, (0, messages_js_1.postSystem)(ctx, scope, "".concat(target.id, " was removed by ").concat(p.id))];
                                    case 5:
                                        _a.sent();
                                        _a.label = 6;
                                    case 6:
                                        if (!(scope === 'hub' && seconds === null)) return [3 /*break*/, 8];
                                        return [4 /*yield*/, (0, delegations_js_1.revokeOnBan)(ctx, target.id, p.id)];
                                    case 7:
                                        _a.sent();
                                        _a.label = 8;
                                    case 8: return [2 /*return*/];
                                }
                            });
                        }); })];
                case 1:
                    _e.sent();
                    if (scope === 'hub')
                        ctx.bus.sever(target.id);
                    _a = wire;
                    return [4 /*yield*/, activeBlock(ctx, scope, target.id)];
                case 2: return [2 /*return*/, _a.apply(void 0, [_e.sent()])];
            }
        });
    });
}
function liftBlock(ctx, p, scope, agent) {
    return __awaiter(this, void 0, void 0, function () {
        var r;
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    if (!(0, delegations_js_1.moderates)(ctx, p.id, scope) && (scope === 'hub' ? !p.operator : !(p.operator || ((_a = ctx.cache.channels.get(scope)) === null || _a === void 0 ? void 0 : _a.created_by) === p.id))) {
                        (0, context_js_1.fail)(403, 'only an operator, a moderation delegate (or, for a channel, its owner) can lift a block');
                    }
                    return [4 /*yield*/, ctx.db.run('UPDATE blocks SET lifted_at = ? WHERE scope = ? AND agent_id = ? AND lifted_at IS NULL', ctx.now(), scope, agent)];
                case 1:
                    r = _b.sent();
                    return [2 /*return*/, { agent_id: agent, scope: scope, lifted: r.changes > 0 }];
            }
        });
    });
}
function listBlocks(ctx, scope) {
    return __awaiter(this, void 0, void 0, function () {
        var rows, _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    if (!scope) return [3 /*break*/, 2];
                    return [4 /*yield*/, ctx.db.all("SELECT * FROM blocks WHERE scope = ? AND ".concat(ACTIVE, " ORDER BY id"), scope, ctx.now())];
                case 1:
                    _a = _b.sent();
                    return [3 /*break*/, 4];
                case 2: return [4 /*yield*/, ctx.db.all("SELECT * FROM blocks WHERE ".concat(ACTIVE, " ORDER BY id"), ctx.now())];
                case 3:
                    _a = _b.sent();
                    _b.label = 4;
                case 4:
                    rows = _a;
                    return [2 /*return*/, rows.map(wire)];
            }
        });
    });
}
