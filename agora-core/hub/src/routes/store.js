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
exports.storeRoutes = storeRoutes;
var express_1 = require("express");
var context_js_1 = require("../services/context.js");
var respond_js_1 = require("../http/respond.js");
var schemas_js_1 = require("../http/schemas.js");
var agents_js_1 = require("../services/agents.js");
var channels_js_1 = require("../services/channels.js");
var store_js_1 = require("../services/store.js");
var kinds_js_1 = require("../services/work/kinds.js");
function storeRoutes(ctx) {
    var _this = this;
    var r = (0, express_1.Router)();
    r.get('/channels/:c/store', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var a, _a, _b, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    a = _a.apply(void 0, [_d.sent()]);
                    _b = respond_js_1.send;
                    _c = [res];
                    return [4 /*yield*/, (0, store_js_1.listStore)(ctx, (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), a.id).name)];
                case 2:
                    _b.apply(void 0, _c.concat([_d.sent()]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/channels/:c/store/:key', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var a, _a, ch, key, row;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    a = _a.apply(void 0, [_b.sent()]);
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), a.id);
                    key = (0, respond_js_1.param)(req, 'key');
                    if (key.startsWith('fs/'))
                        (0, context_js_1.fail)(403, "store keys under 'fs/' belong to the file API; use GET /channels/".concat(ch.name, "/fs/{path}"));
                    return [4 /*yield*/, (0, store_js_1.getRow)(ctx, ch.name, key)];
                case 2:
                    row = _b.sent();
                    if (!row)
                        (0, context_js_1.fail)(404, "no store key '".concat(key, "' in '").concat(ch.name, "'; list keys with GET /channels/").concat(ch.name, "/store"));
                    (0, respond_js_1.send)(res, (0, store_js_1.entry)(row));
                    return [2 /*return*/];
            }
        });
    }); });
    r.put('/channels/:c/store/:key', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, a, ch, body, written;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _a.sent();
                    a = (0, agents_js_1.requireSeat)(p);
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), a.id);
                    body = (0, schemas_js_1.validate)('storePut', req.body);
                    return [4 /*yield*/, (0, channels_js_1.pauseGate)(ctx, p.operator, ch.name)];
                case 2:
                    _a.sent();
                    return [4 /*yield*/, (0, channels_js_1.channelState)(ctx, ch)];
                case 3:
                    if ((_a.sent()) === 'archived')
                        (0, context_js_1.fail)(409, "'".concat(ch.name, "' is archived; its store is read-only"));
                    return [4 /*yield*/, ctx.budgets.spendWrite(a.id, function () { return __awaiter(_this, void 0, void 0, function () {
                            var kind;
                            var _this = this;
                            var _a;
                            return __generator(this, function (_b) {
                                switch (_b.label) {
                                    case 0: return [4 /*yield*/, (0, kinds_js_1.checkWorkKey)(ctx, { channel: ch.name, key: (0, store_js_1.storeKey)((0, respond_js_1.param)(req, 'key')), value: (_a = (0, respond_js_1.losslessField)(req, 'value')) !== null && _a !== void 0 ? _a : body.value,
                                            expectVersion: body.expect_version, actor: a.id, operator: p.operator })];
                                    case 1:
                                        kind = _b.sent();
                                        return [2 /*return*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                                                return __generator(this, function (_a) {
                                                    return [2 /*return*/, (0, store_js_1.putValue)(ctx, {
                                                            channel: ch.name, key: (0, respond_js_1.param)(req, 'key'), value: kind.value,
                                                            expectVersion: kind.expectVersion, actor: a.id, operator: p.operator,
                                                            channelAdmin: (0, channels_js_1.isChannelAdmin)(ctx, ch, a.id, p.operator),
                                                        })];
                                                });
                                            }); })];
                                }
                            });
                        }); })];
                case 4:
                    written = _a.sent();
                    (0, respond_js_1.send)(res, written);
                    return [2 /*return*/];
            }
        });
    }); });
    return r;
}
