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
exports.POWERS = void 0;
exports.activeGrant = activeGrant;
exports.activeGrants = activeGrants;
exports.holdsChannelPower = holdsChannelPower;
exports.reportingDelegates = reportingDelegates;
exports.reportsIn = reportsIn;
exports.reportedIn = reportedIn;
exports.isReportingDelegate = isReportingDelegate;
exports.grantDelegation = grantDelegation;
exports.revokeDelegation = revokeDelegation;
exports.delegationHistory = delegationHistory;
exports.revokeOnBan = revokeOnBan;
exports.moderates = moderates;
var protocol_1 = require("@agora/protocol");
Object.defineProperty(exports, "POWERS", { enumerable: true, get: function () { return protocol_1.POWERS; } });
var context_js_1 = require("../context.js");
var agents_js_1 = require("../agents.js");
var hub_alerts_js_1 = require("./hub-alerts.js");
var DAY = 86400;
function toGrant(r) {
    return { agent_id: r.agent_id, powers: JSON.parse(r.powers), granted_at: r.granted_at, expires_at: r.expires_at, note: r.note, scope: r.scope };
}
/** The seat's live grant: not revoked and not expired by the hub clock (read from the in-memory mirror). */
function activeGrant(ctx, agent) {
    var _a;
    // A context without a grant mirror (the pure closure-engine unit tests) has no grants.
    var rows = (_a = ctx.cache.grants) === null || _a === void 0 ? void 0 : _a.get(agent);
    if (!rows)
        return null;
    var now = ctx.now();
    var r = latest(rows.filter(function (g) { return g.revoked_at == null && g.expires_at > now; }));
    return r ? toGrant(r) : null;
}
/** The row granted last (the later row on a tie), as `ORDER BY granted_at DESC LIMIT 1` picks it. */
function latest(rows) {
    var best;
    for (var _i = 0, rows_1 = rows; _i < rows_1.length; _i++) {
        var g = rows_1[_i];
        if (!best || g.granted_at >= best.granted_at)
            best = g;
    }
    return best;
}
function activeGrants(ctx) {
    var _a, _b;
    var out = [];
    for (var _i = 0, _c = __spreadArray([], ((_b = (_a = ctx.cache.grants) === null || _a === void 0 ? void 0 : _a.keys()) !== null && _b !== void 0 ? _b : []), true).sort(); _i < _c.length; _i++) {
        var agent = _c[_i];
        var g = activeGrant(ctx, agent);
        if (g)
            out.push(g);
    }
    return out;
}
/** Does `agent` hold one of `powers` scoped to `channel` (or `*`)? */
function holdsChannelPower(ctx, agent, channel, powers) {
    var g = activeGrant(ctx, agent);
    return !!g && (g.scope === channel || g.scope === '*') && g.powers.some(function (p) { return powers.includes(p); });
}
function reportingDelegates(ctx) {
    return activeGrants(ctx).filter(function (g) { return g.powers.includes('reporting'); }).map(function (g) { return g.agent_id; });
}
/** A `reporting` grant reaches a channel when it is hub-wide (""), `*`, or scoped to that channel. */
function reaches(g, channel) {
    return g.powers.includes('reporting') && (g.scope === '' || g.scope === '*' || g.scope === channel);
}
/** Does `agent` hold an active `reporting` grant reaching `channel` now (docs/protocol.md#discharge-and-closure)? */
function reportsIn(ctx, agent, channel) {
    var g = activeGrant(ctx, agent);
    return !!g && reaches(g, channel);
}
/**
 * Did `agent` hold a `reporting` grant reaching `channel` at hub time `at`? A completion report is
 * judged by the grant in force when it was posted, so a later expiry or revocation never reopens
 * the thread it settled.
 */
function reportedIn(ctx, agent, channel, at) {
    var _a;
    var rows = (_a = ctx.cache.grants) === null || _a === void 0 ? void 0 : _a.get(agent);
    if (!rows)
        return false;
    var r = latest(rows.filter(function (g) { return g.granted_at <= at && g.expires_at > at && (g.revoked_at == null || g.revoked_at > at); }));
    return !!r && reaches(toGrant(r), channel);
}
function isReportingDelegate(ctx, agent) {
    var _a;
    return !!((_a = activeGrant(ctx, agent)) === null || _a === void 0 ? void 0 : _a.powers.includes('reporting'));
}
/** PUT /admin/delegation: one active grant per seat; the new grant replaces the old one. */
function grantDelegation(ctx, p, input) {
    return __awaiter(this, void 0, void 0, function () {
        var a, mission, powers, proxy, scope, cap, ttl, note, now, grant;
        var _this = this;
        var _a, _b, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    if (!p.operator)
                        (0, context_js_1.fail)(403, 'granting a delegation needs an operator seat or the admin key');
                    a = ctx.cache.agents.get(input.agent_id);
                    if (!a)
                        (0, context_js_1.fail)(404, "no agent '".concat(input.agent_id, "'; register it first (POST /agents)"));
                    if (a.retired_at != null)
                        (0, context_js_1.fail)(409, "'".concat(a.id, "' is retired; delegate to a live seat"));
                    if (a.operator)
                        (0, context_js_1.fail)(400, "'".concat(a.id, "' is an operator and already holds every power; delegate to a non-operator seat"));
                    mission = input.mission === undefined ? undefined : (0, agents_js_1.cleanMission)(input.mission);
                    if (mission !== undefined && !mission)
                        (0, context_js_1.fail)(400, 'mission cannot be empty; state the seat\'s standing charge or omit the field');
                    if (!(mission !== null && mission !== void 0 ? mission : a.mission).trim()) {
                        (0, context_js_1.fail)(400, "'".concat(a.id, "' has no mission; set one first (PUT /admin/agents/").concat(a.id, "/mission) or pass mission in this grant"));
                    }
                    powers = __spreadArray([], new Set(input.powers), true).sort();
                    proxy = powers.includes('proxy');
                    scope = (_a = input.scope) !== null && _a !== void 0 ? _a : '';
                    if (proxy && !scope)
                        (0, context_js_1.fail)(400, 'a proxy grant needs a scope: a channel name or "*"');
                    if (scope && scope !== '*') {
                        if (!ctx.cache.channels.has(scope))
                            (0, context_js_1.fail)(404, "scope names channel '".concat(scope, "', which does not exist; use \"\", \"*\" or an existing channel"));
                        if (!ctx.cache.isMember(scope, a.id))
                            (0, context_js_1.fail)(400, "'".concat(a.id, "' is not a member of '").concat(scope, "'; invite them before scoping a grant there"));
                    }
                    cap = proxy ? 7 * DAY : 30 * DAY;
                    ttl = (_b = input.ttl_seconds) !== null && _b !== void 0 ? _b : (proxy ? DAY : 7 * DAY);
                    if (ttl > cap)
                        (0, context_js_1.fail)(400, "ttl_seconds ".concat(ttl, " is over the ").concat(proxy ? 'proxy ' : '', "cap of ").concat(cap, " (").concat(cap / DAY, " days); grant less and renew"));
                    note = (0, context_js_1.sanitize)((_c = input.note) !== null && _c !== void 0 ? _c : '');
                    if (note.length > 200)
                        (0, context_js_1.fail)(400, "note is ".concat(note.length, " characters; the limit is 200"));
                    now = ctx.now();
                    grant = { agent_id: a.id, powers: powers, granted_at: now, expires_at: now + ttl, note: note, scope: scope };
                    return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                            var where, until;
                            return __generator(this, function (_a) {
                                switch (_a.label) {
                                    case 0: return [4 /*yield*/, ctx.db.run('UPDATE delegations SET revoked_at = ? WHERE agent_id = ? AND revoked_at IS NULL', now, a.id)];
                                    case 1:
                                        _a.sent();
                                        return [4 /*yield*/, ctx.db.run('INSERT INTO delegations (agent_id, powers, granted_at, expires_at, note, scope) VALUES (?, ?, ?, ?, ?, ?)', a.id, JSON.stringify(powers), now, grant.expires_at, note, scope)
                                            // The mirror changes with the rows (a rollback reloads it): the alerts below already read the new grant.
                                        ];
                                    case 2:
                                        _a.sent();
                                        // The mirror changes with the rows (a rollback reloads it): the alerts below already read the new grant.
                                        ctx.cache.revokeGrants(a.id, now);
                                        ctx.cache.addGrant({ agent_id: a.id, powers: JSON.stringify(powers), granted_at: now, expires_at: grant.expires_at, note: note, scope: scope, revoked_at: null });
                                        if (!(mission !== undefined)) return [3 /*break*/, 4];
                                        return [4 /*yield*/, ctx.db.run('UPDATE agents SET mission = ? WHERE id = ?', mission, a.id)];
                                    case 3:
                                        _a.sent();
                                        a.mission = mission;
                                        _a.label = 4;
                                    case 4: return [4 /*yield*/, (0, hub_alerts_js_1.syncHubAlerts)(ctx)];
                                    case 5:
                                        _a.sent();
                                        where = scope === '' ? 'hub-wide' : scope === '*' ? 'in every channel' : "in ".concat(scope);
                                        until = new Date(grant.expires_at * 1000).toISOString();
                                        return [4 /*yield*/, (0, hub_alerts_js_1.alertHub)(ctx, "delegation: ".concat(a.id, " granted ").concat(powers.join(', '), " ").concat(where, " until ").concat(until, " by ").concat(p.id).concat(note ? " \u2014 ".concat(note) : ''), { data: { delegation: grant } })];
                                    case 6:
                                        _a.sent();
                                        if (!ctx.cache.isMember('hub-alerts', a.id)) return [3 /*break*/, 8];
                                        return [4 /*yield*/, (0, hub_alerts_js_1.alertHub)(ctx, "you hold a delegation: ".concat(powers.join(', '), " ").concat(where, " until ").concat(until), { to: [a.id], data: { delegation: grant } })];
                                    case 7:
                                        _a.sent();
                                        _a.label = 8;
                                    case 8: return [2 /*return*/];
                                }
                            });
                        }); })];
                case 1:
                    _d.sent();
                    return [2 /*return*/, grant];
            }
        });
    });
}
/** DELETE /admin/delegation/{a} */
function revokeDelegation(ctx, p, agent) {
    return __awaiter(this, void 0, void 0, function () {
        var live;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    if (!p.operator)
                        (0, context_js_1.fail)(403, 'revoking a delegation needs an operator seat or the admin key');
                    if (!ctx.cache.agents.has(agent))
                        (0, context_js_1.fail)(404, "no agent '".concat(agent, "'"));
                    live = activeGrant(ctx, agent);
                    return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                            var now;
                            return __generator(this, function (_a) {
                                switch (_a.label) {
                                    case 0:
                                        now = ctx.now();
                                        return [4 /*yield*/, ctx.db.run('UPDATE delegations SET revoked_at = ? WHERE agent_id = ? AND revoked_at IS NULL', now, agent)];
                                    case 1:
                                        _a.sent();
                                        ctx.cache.revokeGrants(agent, now);
                                        if (!live) return [3 /*break*/, 4];
                                        return [4 /*yield*/, (0, hub_alerts_js_1.alertHub)(ctx, "delegation: ".concat(agent, "'s grant (").concat(live.powers.join(', '), ") revoked by ").concat(p.id))];
                                    case 2:
                                        _a.sent();
                                        return [4 /*yield*/, (0, hub_alerts_js_1.syncHubAlerts)(ctx)];
                                    case 3:
                                        _a.sent();
                                        _a.label = 4;
                                    case 4: return [2 /*return*/];
                                }
                            });
                        }); })];
                case 1:
                    _a.sent();
                    return [2 /*return*/, { agent_id: agent, revoked: !!live }];
            }
        });
    });
}
/** GET /admin/delegations: every grant ever made, newest first, with its state. */
function delegationHistory(ctx) {
    var now = ctx.now();
    var rows = __spreadArray([], ctx.cache.grants.values(), true).flat().reverse();
    // Newest first; a tie keeps the later insertion first (as the rowid order did).
    return rows.sort(function (x, y) { return y.granted_at - x.granted_at; }).map(function (r) { return (__assign(__assign({}, toGrant(r)), { revoked_at: r.revoked_at, state: r.revoked_at != null ? 'revoked' : r.expires_at <= now ? 'expired' : 'active' })); });
}
/** A permanent hub ban ends the target's delegation (docs/protocol.md#governance); runs inside the ban's transaction. */
function revokeOnBan(ctx, agent, by) {
    return __awaiter(this, void 0, void 0, function () {
        var live, now;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    live = activeGrant(ctx, agent);
                    if (!live)
                        return [2 /*return*/];
                    now = ctx.now();
                    return [4 /*yield*/, ctx.db.run('UPDATE delegations SET revoked_at = ? WHERE agent_id = ? AND revoked_at IS NULL', now, agent)];
                case 1:
                    _a.sent();
                    ctx.cache.revokeGrants(agent, now);
                    return [4 /*yield*/, (0, hub_alerts_js_1.alertHub)(ctx, "delegation: ".concat(agent, "'s grant (").concat(live.powers.join(', '), ") ended by a hub ban from ").concat(by))];
                case 2:
                    _a.sent();
                    return [4 /*yield*/, (0, hub_alerts_js_1.syncHubAlerts)(ctx)];
                case 3:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
/** A `moderation` grant covers hub scope when hub-wide or `*`, and a channel when scoped to it (or `*`/hub-wide). */
function moderates(ctx, agent, scope) {
    var g = activeGrant(ctx, agent);
    if (!g || !g.powers.includes('moderation'))
        return false;
    return g.scope === '' || g.scope === '*' || g.scope === scope;
}
