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
exports.channelRoutes = channelRoutes;
var express_1 = require("express");
var phases_js_1 = require("../services/work/phases.js");
var schemas_js_1 = require("../http/schemas.js");
var context_js_1 = require("../services/context.js");
var respond_js_1 = require("../http/respond.js");
var agents_js_1 = require("../services/agents.js");
var channels_js_1 = require("../services/channels.js");
var info_js_1 = require("../services/info.js");
var post_js_1 = require("../services/post.js");
var messages_js_1 = require("../services/messages.js");
var messages_js_2 = require("./messages.js");
var blocks_js_1 = require("../services/blocks.js");
var noticeboard_js_1 = require("../services/work/noticeboard.js");
function channelRoutes(ctx) {
    var _this = this;
    var r = (0, express_1.Router)();
    r.get('/channels', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, a, archived, _a, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    (0, schemas_js_1.onlyQuery)(req.query, ['include_archived']);
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _c.sent();
                    a = (0, agents_js_1.requireSeat)(p);
                    archived = (0, schemas_js_1.boolQuery)(req.query.include_archived, 'include_archived');
                    if (archived && !p.operator)
                        (0, context_js_1.fail)(403, 'include_archived lists archived rooms, which only operators see; drop the parameter');
                    _a = respond_js_1.send;
                    _b = [res];
                    return [4 /*yield*/, (0, info_js_1.listChannels)(ctx, a.id, archived)];
                case 2:
                    _a.apply(void 0, _b.concat([_c.sent()]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.post('/channels', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, a, body, ch;
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _b.sent();
                    a = (0, agents_js_1.requireSeat)(p);
                    body = (0, schemas_js_1.validate)('createChannel', req.body);
                    return [4 /*yield*/, (0, channels_js_1.createChannel)(ctx, body.name, (_a = body.private) !== null && _a !== void 0 ? _a : true, a.id, p.operator)];
                case 2:
                    ch = _b.sent();
                    (0, respond_js_1.send)(res, { name: ch.name, private: ch.private, created_by: ch.created_by, created_at: ch.created_at });
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/channels/:c/info', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var a, _a, ch, phases, _b, _c, _d, _e;
        return __generator(this, function (_f) {
            switch (_f.label) {
                case 0:
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    a = _a.apply(void 0, [_f.sent()]);
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), a.id);
                    return [4 /*yield*/, (0, phases_js_1.openPhases)(ctx, [ch.name])];
                case 2:
                    phases = (_f.sent()).map(function (p) { return ({ key: p.key, track: p.track, value: p.value, version: p.version, updated_by: p.updated_by, updated_at: p.updated_at }); });
                    _b = respond_js_1.send;
                    _c = [res];
                    _d = [{}];
                    return [4 /*yield*/, (0, info_js_1.channelInfo)(ctx, ch)];
                case 3:
                    _e = [__assign.apply(void 0, [__assign.apply(void 0, _d.concat([(_f.sent())])), { phases: phases }])];
                    return [4 /*yield*/, (0, noticeboard_js_1.noticeboardView)(ctx, ch.name)];
                case 4:
                    _b.apply(void 0, _c.concat([__assign.apply(void 0, _e.concat([(_f.sent())]))]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/channels/:c/members', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var a, _a, ch;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    a = _a.apply(void 0, [_b.sent()]);
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), a.id);
                    (0, respond_js_1.send)(res, (0, info_js_1.memberList)(ctx, ch.name));
                    return [2 /*return*/];
            }
        });
    }); });
    r.post('/channels/:c/invites', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, a, ch, body, token;
        var _a, _b, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _d.sent();
                    a = (0, agents_js_1.requireSeat)(p);
                    ch = p.operator ? (0, channels_js_1.requireChannel)(ctx, (0, respond_js_1.param)(req, 'c')) : (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), a.id);
                    body = (0, schemas_js_1.validate)('invite', req.body);
                    if ((0, channels_js_1.isDm)(ch.name))
                        (0, context_js_1.fail)(403, channels_js_1.DM_INVITE_REFUSAL);
                    if (!(0, channels_js_1.isChannelAdmin)(ctx, ch, a.id, p.operator))
                        (0, context_js_1.fail)(403, "only the owner of '".concat(ch.name, "' or an operator can mint invites; ask them"));
                    if (body.agent_id && !ctx.cache.agents.has(body.agent_id))
                        (0, context_js_1.fail)(404, "no agent '".concat(body.agent_id, "'; check the id"));
                    return [4 /*yield*/, (0, channels_js_1.channelState)(ctx, ch)];
                case 2:
                    if ((_d.sent()) === 'archived')
                        (0, context_js_1.fail)(409, "'".concat(ch.name, "' is archived; it takes no new members"));
                    return [4 /*yield*/, (0, channels_js_1.pauseGate)(ctx, p.operator)];
                case 3:
                    _d.sent();
                    return [4 /*yield*/, (0, channels_js_1.mintInvite)(ctx, ch, a.id, (_a = body.agent_id) !== null && _a !== void 0 ? _a : null, (_b = body.ttl_seconds) !== null && _b !== void 0 ? _b : 86400)];
                case 4:
                    token = _d.sent();
                    (0, respond_js_1.send)(res, { invite_token: token, channel: ch.name, agent_id: (_c = body.agent_id) !== null && _c !== void 0 ? _c : null });
                    return [2 /*return*/];
            }
        });
    }); });
    r.post('/channels/:c/join', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, a, body, ch, blocked, _a, _b, _c;
        var _this = this;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _d.sent();
                    a = (0, agents_js_1.requireSeat)(p);
                    body = (0, schemas_js_1.validate)('join', req.body);
                    ch = (0, channels_js_1.requireChannel)(ctx, (0, respond_js_1.param)(req, 'c'));
                    if ((0, channels_js_1.isDm)(ch.name))
                        (0, context_js_1.fail)(403, 'direct channels cannot be joined; open your own DM with POST /dms/{peer}');
                    if (ch.archived_at != null)
                        (0, context_js_1.fail)(409, "'".concat(ch.name, "' is archived; it takes no new members"));
                    return [4 /*yield*/, (0, channels_js_1.pauseGate)(ctx, p.operator)];
                case 2:
                    _d.sent();
                    return [4 /*yield*/, (0, blocks_js_1.activeBlock)(ctx, ch.name, a.id)];
                case 3:
                    blocked = _d.sent();
                    if (blocked)
                        (0, context_js_1.fail)(403, "you are blocked from '".concat(ch.name, "' by ").concat(blocked.imposed_by, "; ask them or an operator to lift it"));
                    if (!!ctx.cache.isMember(ch.name, a.id)) return [3 /*break*/, 5];
                    return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                            return __generator(this, function (_a) {
                                switch (_a.label) {
                                    case 0:
                                        if (!(ch.private || body.invite_token)) return [3 /*break*/, 2];
                                        if (!body.invite_token)
                                            (0, context_js_1.fail)(403, "'".concat(ch.name, "' is private; join with an invite_token from its owner"));
                                        return [4 /*yield*/, (0, channels_js_1.redeemInvite)(ctx, ch.name, body.invite_token, a.id)];
                                    case 1:
                                        _a.sent();
                                        _a.label = 2;
                                    case 2: return [4 /*yield*/, (0, channels_js_1.joinChannel)(ctx, ch.name, a.id, 'member')];
                                    case 3:
                                        _a.sent();
                                        return [2 /*return*/];
                                }
                            });
                        }); })];
                case 4:
                    _d.sent();
                    _d.label = 5;
                case 5:
                    _a = respond_js_1.send;
                    _b = [res];
                    _c = [{ joined: true }];
                    return [4 /*yield*/, (0, info_js_1.channelInfo)(ctx, ch)];
                case 6:
                    _a.apply(void 0, _b.concat([__assign.apply(void 0, _c.concat([_d.sent()]))]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.post('/channels/:c/leave', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, a, ch;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _a.sent();
                    a = (0, agents_js_1.requireSeat)(p);
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), a.id);
                    if ((0, channels_js_1.isDm)(ch.name))
                        (0, context_js_1.fail)(400, 'you cannot leave a direct channel; just stop posting there');
                    return [4 /*yield*/, (0, channels_js_1.pauseGate)(ctx, p.operator)];
                case 2:
                    _a.sent();
                    return [4 /*yield*/, (0, channels_js_1.leaveChannel)(ctx, ch, a.id)];
                case 3:
                    _a.sent();
                    (0, respond_js_1.send)(res, { channel: ch.name, left: true });
                    return [2 /*return*/];
            }
        });
    }); });
    r.post('/dms/:peer', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, a, ch, _a, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _c.sent();
                    a = (0, agents_js_1.requireSeat)(p);
                    return [4 /*yield*/, openDm(ctx, a.id, (0, respond_js_1.param)(req, 'peer'), p.operator)];
                case 2:
                    ch = _c.sent();
                    _a = respond_js_1.send;
                    _b = [res];
                    return [4 /*yield*/, (0, info_js_1.channelInfo)(ctx, ch)];
                case 3:
                    _a.apply(void 0, _b.concat([_c.sent()]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.post('/dms/:peer/messages', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, a, input, peer, ch, m;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _a.sent();
                    a = (0, agents_js_1.requireSeat)(p);
                    input = (0, messages_js_2.postBody)(req);
                    peer = (0, respond_js_1.param)(req, 'peer');
                    return [4 /*yield*/, openDm(ctx, a.id, peer, p.operator)];
                case 2:
                    ch = _a.sent();
                    return [4 /*yield*/, (0, post_js_1.postMessage)(ctx, p, ch.name, __assign(__assign({}, input), { to: [peer] }))];
                case 3:
                    m = _a.sent();
                    (0, respond_js_1.send)(res, (0, messages_js_1.wireMessage)(m));
                    return [2 /*return*/];
            }
        });
    }); });
    return r;
}
function openDm(ctx, me, peer, operator) {
    return __awaiter(this, void 0, void 0, function () {
        var target;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    if (peer === me)
                        (0, context_js_1.fail)(400, 'you cannot DM yourself; write notes to a file instead');
                    target = ctx.cache.agents.get(peer);
                    if (!target || target.retired_at != null)
                        (0, context_js_1.fail)(404, "no active agent '".concat(peer, "'; check the id"));
                    return [4 /*yield*/, (0, channels_js_1.pauseGate)(ctx, operator || target.operator)];
                case 1:
                    _a.sent();
                    return [2 /*return*/, (0, channels_js_1.ensureDm)(ctx, me, peer)];
            }
        });
    });
}
