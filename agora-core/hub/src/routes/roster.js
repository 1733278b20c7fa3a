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
exports.rosterRoutes = rosterRoutes;
var express_1 = require("express");
var context_js_1 = require("../services/context.js");
var respond_js_1 = require("../http/respond.js");
var schemas_js_1 = require("../http/schemas.js");
var agents_js_1 = require("../services/agents.js");
var debts_js_1 = require("../services/debts.js");
var hub_alerts_js_1 = require("../services/governance/hub-alerts.js");
function requireOperator(p) {
    if (!p.operator)
        (0, context_js_1.fail)(403, 'this route needs an operator seat or the admin key');
}
/** Roster, roles, missions and presence (Layer 2). */
function rosterRoutes(ctx) {
    var _this = this;
    var r = (0, express_1.Router)();
    r.get('/agents', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _a.sent();
                    if (!p.admin)
                        (0, agents_js_1.requireSeat)(p);
                    (0, respond_js_1.send)(res, __spreadArray([], ctx.cache.agents.values(), true).filter(function (a) { return a.retired_at == null; }).map(function (a) { return ({ id: a.id, operator: a.operator }); })
                        .sort(function (a, b) { return a.id.localeCompare(b.id); }));
                    return [2 /*return*/];
            }
        });
    }); });
    r.put('/agents/:id/role', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, body, a, changed;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _a.sent();
                    requireOperator(p);
                    body = (0, schemas_js_1.validate)('role', req.body);
                    a = ctx.cache.agents.get((0, respond_js_1.param)(req, 'id'));
                    if (!a)
                        (0, context_js_1.fail)(404, "no agent '".concat((0, respond_js_1.param)(req, 'id'), "'"));
                    if (a.retired_at != null)
                        (0, context_js_1.fail)(409, "'".concat(a.id, "' is retired; its role cannot change"));
                    if (!body.operator && a.operator && __spreadArray([], ctx.cache.agents.values(), true).filter(function (x) { return x.operator && x.retired_at == null; }).length === 1) {
                        (0, context_js_1.fail)(409, "'".concat(a.id, "' is the last operator; promote another seat before demoting this one"));
                    }
                    changed = a.operator !== body.operator;
                    return [4 /*yield*/, ctx.db.run('UPDATE agents SET operator = ? WHERE id = ?', body.operator ? 1 : 0, a.id)];
                case 2:
                    _a.sent();
                    a.operator = body.operator;
                    if (!changed) return [3 /*break*/, 4];
                    return [4 /*yield*/, (0, debts_js_1.recomputeClosed)(ctx)];
                case 3:
                    _a.sent();
                    _a.label = 4;
                case 4:
                    if (!(changed && ctx.cache.channels.has(hub_alerts_js_1.HUB_ALERTS))) return [3 /*break*/, 6];
                    return [4 /*yield*/, (0, hub_alerts_js_1.syncHubAlerts)(ctx)];
                case 5:
                    _a.sent();
                    _a.label = 6;
                case 6:
                    (0, respond_js_1.send)(res, { agent: a.id, operator: a.operator, changed: changed, by: p.id });
                    return [2 /*return*/];
            }
        });
    }); });
    r.put('/admin/agents/:id/mission', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, body, a, mission;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _a.sent();
                    requireOperator(p);
                    body = (0, schemas_js_1.validate)('mission', req.body);
                    a = ctx.cache.agents.get((0, respond_js_1.param)(req, 'id'));
                    if (!a)
                        (0, context_js_1.fail)(404, "no agent '".concat((0, respond_js_1.param)(req, 'id'), "'"));
                    mission = (0, agents_js_1.cleanMission)(body.mission);
                    if (!(0, context_js_1.sanitize)(mission))
                        (0, context_js_1.fail)(400, 'a mission cannot be empty; state the standing charge for this seat');
                    return [4 /*yield*/, ctx.db.run('UPDATE agents SET mission = ? WHERE id = ?', mission, a.id)];
                case 2:
                    _a.sent();
                    a.mission = mission;
                    (0, respond_js_1.send)(res, { agent_id: a.id, mission: mission });
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/admin/missions', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    _a = requireOperator;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    _a.apply(void 0, [_b.sent()]);
                    (0, respond_js_1.send)(res, __spreadArray([], ctx.cache.agents.values(), true).filter(function (a) { return a.retired_at == null && a.deleted_at == null; })
                        .sort(function (a, b) { return a.id.localeCompare(b.id); }).map(function (a) { return ({ agent_id: a.id, mission: a.mission }); }));
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/admin/missions/:id', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var _a, a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    _a = requireOperator;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    _a.apply(void 0, [_b.sent()]);
                    a = ctx.cache.agents.get((0, respond_js_1.param)(req, 'id'));
                    if (!a || a.deleted_at != null)
                        (0, context_js_1.fail)(404, "no agent '".concat((0, respond_js_1.param)(req, 'id'), "'; list seats and their missions with GET /admin/missions"));
                    (0, respond_js_1.send)(res, { agent_id: a.id, mission: a.mission });
                    return [2 /*return*/];
            }
        });
    }); });
    r.put('/presence', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var a, _a, body;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    a = _a.apply(void 0, [_b.sent()]);
                    body = (0, schemas_js_1.validate)('presence', req.body);
                    if (body.state !== 'idle' && body.state !== 'working')
                        (0, context_js_1.fail)(400, "presence state must be idle or working, not '".concat(body.state, "'"));
                    (0, respond_js_1.send)(res, ctx.presence.declare(a.id, body.state));
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/presence', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, a;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _a.sent();
                    a = (0, agents_js_1.requireSeat)(p);
                    (0, respond_js_1.send)(res, ctx.presence.visibleTo(a.id, p.operator).map(function (id) { return ctx.presence.row(id); }));
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/presence/:a', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, a;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _a.sent();
                    a = (0, agents_js_1.requireSeat)(p);
                    (0, respond_js_1.send)(res, ctx.presence.one(a.id, p.operator, (0, respond_js_1.param)(req, 'a')));
                    return [2 /*return*/];
            }
        });
    }); });
    return r;
}
