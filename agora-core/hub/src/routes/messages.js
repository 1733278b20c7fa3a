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
exports.postBody = postBody;
exports.messageRoutes = messageRoutes;
var express_1 = require("express");
var digest_fields_js_1 = require("../services/work/digest-fields.js");
var context_js_1 = require("../services/context.js");
var respond_js_1 = require("../http/respond.js");
var schemas_js_1 = require("../http/schemas.js");
var agents_js_1 = require("../services/agents.js");
var channels_js_1 = require("../services/channels.js");
var messages_js_1 = require("../services/messages.js");
var post_js_1 = require("../services/post.js");
var history_js_1 = require("../services/history.js");
var retract_js_1 = require("../services/retract.js");
var digest_js_1 = require("../services/digest.js");
var channels_js_2 = require("../services/channels.js");
var resolve_thread_js_1 = require("../services/resolve-thread.js");
var message_ref_js_1 = require("../services/message-ref.js");
var history_votes_js_1 = require("../services/reputation/history-votes.js");
var PASSIVE_DESTS = new Set(['image', 'audio', 'video', 'font', 'object', 'embed', 'track', 'style', 'script',
    'manifest', 'paintworklet', 'audioworklet']);
/** Validate a PostMessage body; `data` comes from the lossless parse so number tokens survive. */
function postBody(req) {
    var body = (0, schemas_js_1.validate)('post', req.body);
    var data = (0, respond_js_1.losslessField)(req, 'data');
    return data === undefined ? body : __assign(__assign({}, body), { data: data });
}
function messageRoutes(ctx) {
    var _this = this;
    var r = (0, express_1.Router)();
    r.post('/channels/:c/messages', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, m;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _a.sent();
                    return [4 /*yield*/, (0, post_js_1.postMessage)(ctx, p, (0, respond_js_1.param)(req, 'c'), postBody(req))];
                case 2:
                    m = _a.sent();
                    (0, respond_js_1.send)(res, (0, messages_js_1.wireMessage)(m));
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/channels/:c/messages', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var a, _a, ch, since, limit, sort, rows, _b, _c, _d, _e, _f;
        var _g;
        return __generator(this, function (_h) {
            switch (_h.label) {
                case 0:
                    (0, schemas_js_1.onlyQuery)(req.query, ['since', 'limit', 'sort']);
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    a = _a.apply(void 0, [_h.sent()]);
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), a.id);
                    since = (0, schemas_js_1.intQuery)(req.query.since, 'since', 0, 0, Number.MAX_SAFE_INTEGER);
                    limit = (0, schemas_js_1.intQuery)(req.query.limit, 'limit', 200, 1, 1000);
                    sort = String((_g = req.query.sort) !== null && _g !== void 0 ? _g : 'recency');
                    if (sort !== 'recency' && sort !== 'votes')
                        (0, context_js_1.fail)(400, "sort '".concat(sort, "' is not supported; use sort=recency (the default) or sort=votes"));
                    if (sort === 'votes' && limit > history_votes_js_1.VOTES_SORT_MAX)
                        (0, context_js_1.fail)(400, "sort=votes serves at most ".concat(history_votes_js_1.VOTES_SORT_MAX, " rows; pass limit=").concat(history_votes_js_1.VOTES_SORT_MAX, " or less"));
                    if (!(sort === 'votes')) return [3 /*break*/, 3];
                    return [4 /*yield*/, (0, history_votes_js_1.historyByVotes)(ctx, ch.name, since, limit)];
                case 2:
                    _b = _h.sent();
                    return [3 /*break*/, 5];
                case 3: return [4 /*yield*/, (0, history_js_1.history)(ctx, ch.name, since, limit)];
                case 4:
                    _b = _h.sent();
                    _h.label = 5;
                case 5:
                    rows = _b;
                    _c = respond_js_1.send;
                    _d = [res];
                    _e = history_votes_js_1.withRatings;
                    _f = [ctx];
                    return [4 /*yield*/, (0, history_js_1.decorate)(ctx, rows, a.id)];
                case 6: return [4 /*yield*/, _e.apply(void 0, _f.concat([_h.sent(), a.id]))];
                case 7:
                    _c.apply(void 0, _d.concat([_h.sent()]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/channels/:c/messages/by-seq/:n', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var a, _a, ch, n, m, _b, _c, _d, _e;
        return __generator(this, function (_f) {
            switch (_f.label) {
                case 0:
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    a = _a.apply(void 0, [_f.sent()]);
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), a.id);
                    n = (0, schemas_js_1.intQuery)(req.params.n, 'n', 0, 1, Number.MAX_SAFE_INTEGER);
                    return [4 /*yield*/, (0, messages_js_1.getBySeq)(ctx, ch.name, n)];
                case 2:
                    m = _f.sent();
                    if (!m)
                        (0, context_js_1.fail)(404, "'".concat(ch.name, "' has no message #").concat(n));
                    _b = respond_js_1.send;
                    _c = [res];
                    _d = history_votes_js_1.withRatings;
                    _e = [ctx];
                    return [4 /*yield*/, (0, history_js_1.decorate)(ctx, [m], a.id)];
                case 3: return [4 /*yield*/, _d.apply(void 0, _e.concat([_f.sent(), a.id]))];
                case 4:
                    _b.apply(void 0, _c.concat([(_f.sent())[0]]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/channels/:c/messages/:id', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var a, _a, ch, dest, m, _b, _c;
        var _d;
        return __generator(this, function (_e) {
            switch (_e.label) {
                case 0:
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    a = _a.apply(void 0, [_e.sent()]);
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), a.id);
                    dest = String((_d = req.headers['sec-fetch-dest']) !== null && _d !== void 0 ? _d : '').toLowerCase();
                    if (PASSIVE_DESTS.has(dest))
                        (0, context_js_1.fail)(403, 'reading a message records a receipt, so it refuses passive subresource fetches; open it deliberately');
                    return [4 /*yield*/, (0, messages_js_1.getMessage)(ctx, (0, respond_js_1.param)(req, 'id'))];
                case 2:
                    m = _e.sent();
                    if (!m || m.channel !== ch.name)
                        (0, context_js_1.fail)(404, "no message '".concat((0, respond_js_1.param)(req, 'id'), "' in '").concat(ch.name, "'"));
                    _b = respond_js_1.send;
                    _c = [res];
                    return [4 /*yield*/, (0, history_js_1.readWithAncestors)(ctx, m, a.id)];
                case 3:
                    _b.apply(void 0, _c.concat([(_e.sent()).map(messages_js_1.wireMessage)]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/channels/:c/digest', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var a, _a, ch, _b, _c, _d, _e;
        return __generator(this, function (_f) {
            switch (_f.label) {
                case 0:
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    a = _a.apply(void 0, [_f.sent()]);
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), a.id);
                    _b = respond_js_1.send;
                    _c = [res];
                    _d = [{}];
                    return [4 /*yield*/, (0, digest_js_1.digest)(ctx, ch.name)];
                case 2:
                    _e = [__assign.apply(void 0, _d.concat([(_f.sent())]))];
                    return [4 /*yield*/, (0, digest_fields_js_1.digestWorkFields)(ctx, ch.name, a.id)];
                case 3:
                    _b.apply(void 0, _c.concat([__assign.apply(void 0, _e.concat([(_f.sent())]))]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.post('/channels/:c/messages/:id/retract', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, ch, m, _a, _b, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _d.sent();
                    ch = ctx.cache.channels.get((0, respond_js_1.param)(req, 'c'));
                    if (!ch)
                        (0, context_js_1.fail)(404, "channel '".concat((0, respond_js_1.param)(req, 'c'), "' does not exist; list yours with GET /channels"));
                    if (!p.admin)
                        (0, channels_js_1.requireMember)(ctx, ch.name, p.id);
                    return [4 /*yield*/, (0, messages_js_1.getMessage)(ctx, (0, respond_js_1.param)(req, 'id'))];
                case 2:
                    m = _d.sent();
                    if (!m || m.channel !== ch.name)
                        (0, context_js_1.fail)(404, "no message '".concat((0, respond_js_1.param)(req, 'id'), "' in '").concat(ch.name, "'"));
                    if ((0, channels_js_2.isDm)(ch.name) && p.admin)
                        (0, context_js_1.fail)(403, 'the admin key cannot act inside a direct channel');
                    _a = respond_js_1.send;
                    _b = [res];
                    _c = messages_js_1.wireMessage;
                    return [4 /*yield*/, (0, retract_js_1.retractMessage)(ctx, p, m)];
                case 3:
                    _a.apply(void 0, _b.concat([_c.apply(void 0, [_d.sent()])]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.post('/channels/:c/messages/:id/resolve_thread', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, me, ch, b, _a, _b, _c, _d;
        var _e;
        return __generator(this, function (_f) {
            switch (_f.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _f.sent();
                    me = (0, agents_js_1.requireSeat)(p).id;
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), me);
                    b = (0, schemas_js_1.validate)('resolveThread', req.body);
                    _a = respond_js_1.send;
                    _b = [res];
                    _c = resolve_thread_js_1.resolveThread;
                    _d = [ctx, p];
                    return [4 /*yield*/, (0, message_ref_js_1.findMessage)(ctx, ch.name, (0, respond_js_1.param)(req, 'id'))];
                case 2: return [4 /*yield*/, _c.apply(void 0, _d.concat([_f.sent(), (_e = b.body) !== null && _e !== void 0 ? _e : null]))];
                case 3:
                    _a.apply(void 0, _b.concat([_f.sent()]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.post('/channels/:c/messages/:id/retract_thread', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, ch, m, _a, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _c.sent();
                    ch = ctx.cache.channels.get((0, respond_js_1.param)(req, 'c'));
                    if (!ch)
                        (0, context_js_1.fail)(404, "channel '".concat((0, respond_js_1.param)(req, 'c'), "' does not exist; list yours with GET /channels"));
                    if (!p.admin)
                        (0, channels_js_1.requireMember)(ctx, ch.name, p.id);
                    return [4 /*yield*/, (0, messages_js_1.getMessage)(ctx, (0, respond_js_1.param)(req, 'id'))];
                case 2:
                    m = _c.sent();
                    if (!m || m.channel !== ch.name)
                        (0, context_js_1.fail)(404, "no message '".concat((0, respond_js_1.param)(req, 'id'), "' in '").concat(ch.name, "'"));
                    _a = respond_js_1.send;
                    _b = [res];
                    return [4 /*yield*/, (0, retract_js_1.retractThread)(ctx, p, m)];
                case 3:
                    _a.apply(void 0, _b.concat([_c.sent()]));
                    return [2 /*return*/];
            }
        });
    }); });
    return r;
}
