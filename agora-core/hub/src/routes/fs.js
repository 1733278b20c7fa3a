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
exports.fsRoutes = fsRoutes;
var express_1 = require("express");
var context_js_1 = require("../services/context.js");
var respond_js_1 = require("../http/respond.js");
var schemas_js_1 = require("../http/schemas.js");
var agents_js_1 = require("../services/agents.js");
var channels_js_1 = require("../services/channels.js");
var fs_js_1 = require("../services/fs.js");
var receipts_js_1 = require("../services/governance/receipts.js");
var messages_js_1 = require("../services/messages.js");
function fsRoutes(ctx) {
    var _this = this;
    var r = (0, express_1.Router)();
    r.get('/channels/:c/fs', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var a, _a, ch, _b, _c;
        var _d;
        return __generator(this, function (_e) {
            switch (_e.label) {
                case 0:
                    (0, schemas_js_1.onlyQuery)(req.query, ['prefix']);
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    a = _a.apply(void 0, [_e.sent()]);
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), a.id);
                    _b = respond_js_1.send;
                    _c = [res];
                    return [4 /*yield*/, (0, fs_js_1.listFiles)(ctx, ch.name, String((_d = req.query.prefix) !== null && _d !== void 0 ? _d : ''))];
                case 2:
                    _b.apply(void 0, _c.concat([_e.sent()]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/channels/:c/fs/*path', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var a, _a, ch, version, _b, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    (0, schemas_js_1.onlyQuery)(req.query, ['version']);
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    a = _a.apply(void 0, [_d.sent()]);
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), a.id);
                    version = req.query.version === undefined ? undefined : (0, schemas_js_1.intQuery)(req.query.version, 'version', 0, 1, Number.MAX_SAFE_INTEGER);
                    _b = respond_js_1.send;
                    _c = [res];
                    return [4 /*yield*/, (0, fs_js_1.readFile)(ctx, ch.name, (0, respond_js_1.param)(req, 'path'), version, a.id)];
                case 2:
                    _b.apply(void 0, _c.concat([_d.sent()]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.put('/channels/:c/fs/*path', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, a, ch, body, written;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _a.sent();
                    a = (0, agents_js_1.requireSeat)(p);
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), a.id);
                    body = (0, schemas_js_1.validate)('fsPut', req.body);
                    return [4 /*yield*/, (0, channels_js_1.pauseGate)(ctx, p.operator, ch.name)];
                case 2:
                    _a.sent();
                    return [4 /*yield*/, (0, channels_js_1.channelState)(ctx, ch)];
                case 3:
                    if ((_a.sent()) === 'archived')
                        (0, context_js_1.fail)(409, "'".concat(ch.name, "' is archived; its files are read-only"));
                    return [4 /*yield*/, ctx.budgets.spendWrite(a.id, function () {
                            var _a, _b;
                            return (0, fs_js_1.writeFile)(ctx, { channel: ch.name, path: (0, respond_js_1.param)(req, 'path'), content: (_a = body.content) !== null && _a !== void 0 ? _a : undefined,
                                content_b64: (_b = body.content_b64) !== null && _b !== void 0 ? _b : undefined, mime: body.mime, description: body.description,
                                expectVersion: body.expect_version, actor: a.id, channelAdmin: (0, channels_js_1.isChannelAdmin)(ctx, ch, a.id, p.operator) });
                        })];
                case 4:
                    written = _a.sent();
                    (0, respond_js_1.send)(res, written);
                    return [2 /*return*/];
            }
        });
    }); });
    r.delete('/channels/:c/fs/*path', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, a, ch, expect, removed;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    (0, schemas_js_1.onlyQuery)(req.query, ['expect_version']);
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _a.sent();
                    a = (0, agents_js_1.requireSeat)(p);
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), a.id);
                    expect = req.query.expect_version === undefined ? undefined : (0, schemas_js_1.intQuery)(req.query.expect_version, 'expect_version', 0, 0, Number.MAX_SAFE_INTEGER);
                    return [4 /*yield*/, (0, channels_js_1.pauseGate)(ctx, p.operator, ch.name)];
                case 2:
                    _a.sent();
                    return [4 /*yield*/, (0, channels_js_1.channelState)(ctx, ch)];
                case 3:
                    if ((_a.sent()) === 'archived')
                        (0, context_js_1.fail)(409, "'".concat(ch.name, "' is archived; its files are read-only"));
                    return [4 /*yield*/, ctx.budgets.spendWrite(a.id, function () { return (0, fs_js_1.deleteFile)(ctx, ch.name, (0, respond_js_1.param)(req, 'path'), expect, a.id, (0, channels_js_1.isChannelAdmin)(ctx, ch, a.id, p.operator)); })];
                case 4:
                    removed = _a.sent();
                    (0, respond_js_1.send)(res, removed);
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/channels/:c/charter', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var a, _a, ch, version, file, full, hub;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    (0, schemas_js_1.onlyQuery)(req.query, ['version', 'full']);
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    a = _a.apply(void 0, [_b.sent()]);
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), a.id);
                    version = req.query.version === undefined ? undefined : (0, schemas_js_1.intQuery)(req.query.version, 'version', 0, 1, Number.MAX_SAFE_INTEGER);
                    return [4 /*yield*/, (0, fs_js_1.readFile)(ctx, ch.name, fs_js_1.CHARTER_PATH, version, a.id)];
                case 2:
                    file = _b.sent();
                    full = (0, schemas_js_1.boolQuery)(req.query.full, 'full');
                    return [4 /*yield*/, (0, receipts_js_1.hubPartIfBehind)(ctx, a, full)];
                case 3:
                    hub = _b.sent();
                    (0, respond_js_1.send)(res, __assign(__assign({ channel: ch.name }, file), (hub ? { hub: hub } : {})));
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/channels/:c/fshist/*path', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var a, _a, ch, since, limit, _b, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    (0, schemas_js_1.onlyQuery)(req.query, ['since_seq', 'limit']);
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    a = _a.apply(void 0, [_d.sent()]);
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), a.id);
                    since = (0, schemas_js_1.intQuery)(req.query.since_seq, 'since_seq', 0, 0, Number.MAX_SAFE_INTEGER);
                    limit = (0, schemas_js_1.intQuery)(req.query.limit, 'limit', 200, 1, 1000);
                    _b = respond_js_1.send;
                    _c = [res];
                    return [4 /*yield*/, (0, fs_js_1.fileHistory)(ctx, ch.name, (0, respond_js_1.param)(req, 'path'), since, limit)];
                case 2:
                    _b.apply(void 0, _c.concat([(_d.sent()).map(messages_js_1.wireMessage)]));
                    return [2 /*return*/];
            }
        });
    }); });
    return r;
}
