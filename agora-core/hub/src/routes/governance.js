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
exports.governanceRoutes = governanceRoutes;
var express_1 = require("express");
var context_js_1 = require("../services/context.js");
var respond_js_1 = require("../http/respond.js");
var schemas_js_1 = require("../http/schemas.js");
var agents_js_1 = require("../services/agents.js");
var channels_js_1 = require("../services/channels.js");
var delegations_js_1 = require("../services/governance/delegations.js");
var texts_js_1 = require("../services/governance/texts.js");
var receipts_js_1 = require("../services/governance/receipts.js");
/** Delegation and governance texts (docs/protocol.md#governance): rules, hub charter with versions, receipts. */
function governanceRoutes(ctx) {
    var _this = this;
    var r = (0, express_1.Router)();
    r.put('/admin/delegation', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, _a, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _c.sent();
                    if (!p.operator)
                        (0, context_js_1.fail)(403, 'granting a delegation needs an operator seat or the admin key');
                    _a = respond_js_1.send;
                    _b = [res];
                    return [4 /*yield*/, (0, delegations_js_1.grantDelegation)(ctx, p, (0, schemas_js_1.validate)('delegation', req.body))];
                case 2:
                    _a.apply(void 0, _b.concat([_c.sent()]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.delete('/admin/delegation/:a', function (req, res) { return __awaiter(_this, void 0, void 0, function () { var _a, _b, _c, _d; return __generator(this, function (_e) {
        switch (_e.label) {
            case 0:
                _a = respond_js_1.send;
                _b = [res];
                _c = delegations_js_1.revokeDelegation;
                _d = [ctx];
                return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
            case 1: return [4 /*yield*/, _c.apply(void 0, _d.concat([_e.sent(), (0, respond_js_1.param)(req, 'a')]))];
            case 2: return [2 /*return*/, _a.apply(void 0, _b.concat([_e.sent()]))];
        }
    }); }); });
    r.get('/admin/delegations', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    if (!(_a.sent()).operator)
                        (0, context_js_1.fail)(403, 'this route needs an operator seat or the admin key');
                    (0, respond_js_1.send)(res, (0, delegations_js_1.delegationHistory)(ctx));
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/delegations', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _a.sent();
                    if (!p.admin)
                        (0, agents_js_1.requireSeat)(p);
                    (0, respond_js_1.send)(res, (0, delegations_js_1.activeGrants)(ctx));
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/admin/rules', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var _a, _b, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    _a = agents_js_1.requireAdmin;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    _a.apply(void 0, [_d.sent()]);
                    _b = respond_js_1.send;
                    _c = [res];
                    return [4 /*yield*/, (0, texts_js_1.currentText)(ctx, 'rules')];
                case 2:
                    _b.apply(void 0, _c.concat([_d.sent()]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.put('/admin/rules', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, body, row;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _a.sent();
                    (0, agents_js_1.requireAdmin)(p);
                    body = (0, schemas_js_1.validate)('text', req.body);
                    return [4 /*yield*/, (0, texts_js_1.publishText)(ctx, 'rules', body.text, body.version, p.id)];
                case 2:
                    row = _a.sent();
                    (0, respond_js_1.send)(res, { version: row.version, updated_by: row.updated_by, updated_at: row.updated_at });
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/admin/charter', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var _a, cur;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    _a = agents_js_1.requireAdmin;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    _a.apply(void 0, [_b.sent()]);
                    return [4 /*yield*/, (0, texts_js_1.currentText)(ctx, 'charter')];
                case 2:
                    cur = _b.sent();
                    (0, respond_js_1.send)(res, __assign(__assign({}, cur), (0, texts_js_1.analyseCharter)(cur.text)));
                    return [2 /*return*/];
            }
        });
    }); });
    r.put('/admin/charter', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, body, row;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _a.sent();
                    (0, agents_js_1.requireAdmin)(p);
                    body = (0, schemas_js_1.validate)('text', req.body);
                    return [4 /*yield*/, (0, texts_js_1.publishText)(ctx, 'charter', body.text, body.version, p.id)];
                case 2:
                    row = _a.sent();
                    (0, respond_js_1.send)(res, __assign({ version: row.version }, (0, texts_js_1.analyseCharter)(row.text)));
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/admin/charter/receipts', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var _a, version, seats, _b, _c;
        var _d;
        return __generator(this, function (_e) {
            switch (_e.label) {
                case 0:
                    _a = agents_js_1.requireAdmin;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    _a.apply(void 0, [_e.sent()]);
                    return [4 /*yield*/, (0, texts_js_1.currentText)(ctx, 'charter')];
                case 2:
                    version = (_e.sent()).version;
                    seats = __spreadArray([], ctx.cache.agents.values(), true).filter(function (a) { return a.retired_at == null; }).map(function (a) { return a.id; });
                    _b = respond_js_1.send;
                    _c = [res];
                    _d = { scope: 'hub', version: version };
                    return [4 /*yield*/, (0, receipts_js_1.receiptsFor)(ctx, 'hub', seats, version)];
                case 3:
                    _b.apply(void 0, _c.concat([(_d.receipts = _e.sent(), _d)]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/charter/history', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, _a, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    (0, schemas_js_1.onlyQuery)(req.query, ['limit']);
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _c.sent();
                    if (!p.admin)
                        (0, agents_js_1.requireSeat)(p);
                    _a = respond_js_1.send;
                    _b = [res];
                    return [4 /*yield*/, (0, texts_js_1.charterHistory)(ctx, (0, schemas_js_1.intQuery)(req.query.limit, 'limit', 50, 1, 500))];
                case 2:
                    _a.apply(void 0, _b.concat([_c.sent()]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/charter/versions/:n', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, _a, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _c.sent();
                    if (!p.admin)
                        (0, agents_js_1.requireSeat)(p);
                    _a = respond_js_1.send;
                    _b = [res];
                    return [4 /*yield*/, (0, texts_js_1.charterVersion)(ctx, (0, schemas_js_1.intQuery)((0, respond_js_1.param)(req, 'n'), 'n', 0, 0, Number.MAX_SAFE_INTEGER))];
                case 2:
                    _a.apply(void 0, _b.concat([_c.sent()]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/channels/:c/charter/receipts', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var a, _a, ch, _b, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    a = _a.apply(void 0, [_d.sent()]);
                    ch = (0, channels_js_1.requireMember)(ctx, (0, respond_js_1.param)(req, 'c'), a.id);
                    _b = respond_js_1.send;
                    _c = [res];
                    return [4 /*yield*/, (0, receipts_js_1.channelCharterReceipts)(ctx, ch.name)];
                case 2:
                    _b.apply(void 0, _c.concat([_d.sent()]));
                    return [2 /*return*/];
            }
        });
    }); });
    return r;
}
