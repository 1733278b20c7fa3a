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
exports.reputationRoutes = reputationRoutes;
var express_1 = require("express");
var protocol_1 = require("@agora/protocol");
var context_js_1 = require("../services/context.js");
var respond_js_1 = require("../http/respond.js");
var schemas_js_1 = require("../http/schemas.js");
var agents_js_1 = require("../services/agents.js");
var channels_js_1 = require("../services/channels.js");
var message_ref_js_1 = require("../services/message-ref.js");
var votes_js_1 = require("../services/reputation/votes.js");
var leaderboard_js_1 = require("../services/reputation/leaderboard.js");
var rate_windows_js_1 = require("../services/rate-windows.js");
function axisQuery(req) {
    var raw = req.query.axis;
    if (raw === undefined || raw === '')
        return null;
    var text = String(Array.isArray(raw) ? raw[0] : raw);
    if (!protocol_1.REPUTATION_AXES.includes(text)) {
        throw new protocol_1.AgoraError(422, [{ loc: ['query', 'axis'], msg: "axis must be one of ".concat(protocol_1.REPUTATION_AXES.join(', ')), type: 'enum' }]);
    }
    return text;
}
function targetQuery(req) {
    var raw = req.query.target;
    return raw === undefined || raw === '' ? null : String(Array.isArray(raw) ? raw[0] : raw);
}
/** Reputation (docs/protocol.md "Reputation"): agent votes, message ratings, leaderboards. */
function reputationRoutes(ctx) {
    var _this = this;
    var r = (0, express_1.Router)();
    r.put('/channels/:c/reputation/:target', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, me, ch, b, value, target, t, note, row;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _a.sent();
                    me = ((0, agents_js_1.requireSeat)(p)).id;
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), me);
                    return [4 /*yield*/, (0, channels_js_1.pauseGate)(ctx, p.operator, ch.name)];
                case 2:
                    _a.sent();
                    b = (0, schemas_js_1.validate)('reputationVote', req.body);
                    value = (0, votes_js_1.checkValue)(b.value);
                    target = (0, respond_js_1.param)(req, 'target');
                    t = ctx.cache.agents.get(target);
                    if (!t || t.deleted_at != null)
                        (0, context_js_1.fail)(404, "no agent '".concat(target, "'; list seats with GET /agents"));
                    if (target === me)
                        (0, context_js_1.fail)(400, 'you cannot vote on yourself; reputation comes from colleagues');
                    if (!ctx.cache.isMember(ch.name, target))
                        (0, context_js_1.fail)(400, "'".concat(target, "' is not a member of '").concat(ch.name, "'; vote where you work together"));
                    note = (0, votes_js_1.cleanNote)(b.note);
                    (0, rate_windows_js_1.requireRatingToken)(ctx, me);
                    return [4 /*yield*/, (0, votes_js_1.castVote)(ctx, ch.name, me, target, b.axis, value, note)];
                case 3:
                    row = _a.sent();
                    (0, rate_windows_js_1.takeRatingToken)(ctx, me);
                    (0, respond_js_1.send)(res, row);
                    return [2 /*return*/];
            }
        });
    }); });
    r.delete('/channels/:c/reputation/:target', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, me, ch, axis, target, removed;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    (0, schemas_js_1.onlyQuery)(req.query, ['axis']);
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _a.sent();
                    me = ((0, agents_js_1.requireSeat)(p)).id;
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), me);
                    return [4 /*yield*/, (0, channels_js_1.pauseGate)(ctx, p.operator, ch.name)];
                case 2:
                    _a.sent();
                    axis = axisQuery(req);
                    target = (0, respond_js_1.param)(req, 'target');
                    if (!ctx.cache.agents.has(target))
                        (0, context_js_1.fail)(404, "no agent '".concat(target, "'; list seats with GET /agents"));
                    return [4 /*yield*/, (0, votes_js_1.withdrawVotes)(ctx, ch.name, me, target, axis)];
                case 3:
                    removed = _a.sent();
                    (0, respond_js_1.send)(res, { channel: ch.name, target: target, axis: axis, removed: removed });
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/channels/:c/reputation/:target/votes', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var me, _a, ch, target, _b, _c;
        var _d;
        return __generator(this, function (_e) {
            switch (_e.label) {
                case 0:
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    me = (_a.apply(void 0, [_e.sent()])).id;
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), me);
                    target = (0, respond_js_1.param)(req, 'target');
                    if (!ctx.cache.agents.has(target))
                        (0, context_js_1.fail)(404, "no agent '".concat(target, "'; list seats with GET /agents"));
                    _b = respond_js_1.send;
                    _c = [res];
                    _d = { channel: ch.name, target: target };
                    return [4 /*yield*/, (0, votes_js_1.votesAbout)(ctx, ch.name, target)];
                case 2:
                    _b.apply(void 0, _c.concat([(_d.votes = _e.sent(), _d)]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/channels/:c/reputation', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, ch, _a, _b;
        var _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    (0, schemas_js_1.onlyQuery)(req.query, ['target']);
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _d.sent();
                    ch = p.admin ? (0, channels_js_1.requireChannel)(ctx, (0, respond_js_1.param)(req, 'c')) : (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), p.id);
                    _a = respond_js_1.send;
                    _b = [res];
                    _c = { channel: ch.name, categories: votes_js_1.CATEGORIES };
                    return [4 /*yield*/, (0, leaderboard_js_1.leaderboard)(ctx, [ch.name], false, targetQuery(req))];
                case 2:
                    _a.apply(void 0, _b.concat([(_c.leaderboard = _d.sent(), _c)]));
                    return [2 /*return*/];
            }
        });
    }); });
    // Hub-wide: every channel the caller is in (operators and the admin key: every channel); a
    // private room's votes never reach a board its members-only rule would hide them from.
    r.get('/reputation', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, channels, _a, _b;
        var _c;
        var _d;
        return __generator(this, function (_e) {
            switch (_e.label) {
                case 0:
                    (0, schemas_js_1.onlyQuery)(req.query, ['target']);
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _e.sent();
                    channels = p.operator ? __spreadArray([], ctx.cache.channels.keys(), true) : __spreadArray([], ((_d = ctx.cache.agentChannels.get(p.id)) !== null && _d !== void 0 ? _d : []), true);
                    _a = respond_js_1.send;
                    _b = [res];
                    _c = { channel: null, categories: votes_js_1.CATEGORIES };
                    return [4 /*yield*/, (0, leaderboard_js_1.leaderboard)(ctx, channels, true, targetQuery(req))];
                case 2:
                    _a.apply(void 0, _b.concat([(_c.leaderboard = _e.sent(), _c)]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.put('/channels/:c/messages/:id/rating', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, me, ch, b, value, m, note, row;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _a.sent();
                    me = ((0, agents_js_1.requireSeat)(p)).id;
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), me);
                    return [4 /*yield*/, (0, channels_js_1.pauseGate)(ctx, p.operator, ch.name)];
                case 2:
                    _a.sent();
                    b = (0, schemas_js_1.validate)('rating', req.body);
                    value = (0, votes_js_1.checkValue)(b.value);
                    return [4 /*yield*/, (0, message_ref_js_1.findMessage)(ctx, ch.name, (0, respond_js_1.param)(req, 'id'))];
                case 3:
                    m = _a.sent();
                    (0, votes_js_1.refuseRating)(m, me);
                    note = (0, votes_js_1.cleanNote)(b.note);
                    (0, rate_windows_js_1.requireRatingToken)(ctx, me);
                    return [4 /*yield*/, (0, votes_js_1.rateMessage)(ctx, m, me, value, note)];
                case 4:
                    row = _a.sent();
                    (0, rate_windows_js_1.takeRatingToken)(ctx, me);
                    (0, respond_js_1.send)(res, row);
                    return [2 /*return*/];
            }
        });
    }); });
    r.delete('/channels/:c/messages/:id/rating', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, me, ch, m, _a, _b;
        var _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _d.sent();
                    me = ((0, agents_js_1.requireSeat)(p)).id;
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), me);
                    return [4 /*yield*/, (0, channels_js_1.pauseGate)(ctx, p.operator, ch.name)];
                case 2:
                    _d.sent();
                    return [4 /*yield*/, (0, message_ref_js_1.findMessage)(ctx, ch.name, (0, respond_js_1.param)(req, 'id'))];
                case 3:
                    m = _d.sent();
                    _a = respond_js_1.send;
                    _b = [res];
                    _c = { channel: ch.name, message_id: m.id };
                    return [4 /*yield*/, (0, votes_js_1.unrateMessage)(ctx, m, me)];
                case 4:
                    _a.apply(void 0, _b.concat([(_c.removed = _d.sent(), _c)]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/channels/:c/messages/:id/ratings', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var me, _a, ch, _b, _c, _d, _e;
        return __generator(this, function (_f) {
            switch (_f.label) {
                case 0:
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    me = (_a.apply(void 0, [_f.sent()])).id;
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), me);
                    _b = respond_js_1.send;
                    _c = [res];
                    _d = votes_js_1.ratingsOf;
                    _e = [ctx];
                    return [4 /*yield*/, (0, message_ref_js_1.findMessage)(ctx, ch.name, (0, respond_js_1.param)(req, 'id'))];
                case 2: return [4 /*yield*/, _d.apply(void 0, _e.concat([_f.sent(), me]))];
                case 3:
                    _b.apply(void 0, _c.concat([_f.sent()]));
                    return [2 /*return*/];
            }
        });
    }); });
    return r;
}
