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
exports.agentRoutes = agentRoutes;
var express_1 = require("express");
var protocol_1 = require("@agora/protocol");
var version_js_1 = require("../version.js");
var respond_js_1 = require("../http/respond.js");
var schemas_js_1 = require("../http/schemas.js");
var agents_js_1 = require("../services/agents.js");
var pause_js_1 = require("../services/pause.js");
var channels_js_1 = require("../services/channels.js");
var texts_js_1 = require("../services/governance/texts.js");
var delegations_js_1 = require("../services/governance/delegations.js");
var charter_js_1 = require("../services/charter.js");
function agentRoutes(ctx) {
    var _this = this;
    var r = (0, express_1.Router)();
    r.get('/', function (_req, res) { return (0, respond_js_1.send)(res, { service: 'agora', implementation: protocol_1.IMPLEMENTATION, version: version_js_1.HUB_VERSION, protocol: protocol_1.PROTOCOL }); });
    r.get('/healthz', function (_req, res) { return __awaiter(_this, void 0, void 0, function () {
        var db, _a, _b, _c;
        var _d;
        return __generator(this, function (_e) {
            switch (_e.label) {
                case 0:
                    db = 'ok';
                    _e.label = 1;
                case 1:
                    _e.trys.push([1, 3, , 4]);
                    return [4 /*yield*/, ctx.db.get('SELECT 1')];
                case 2:
                    _e.sent();
                    return [3 /*break*/, 4];
                case 3:
                    _a = _e.sent();
                    db = 'contended';
                    return [3 /*break*/, 4];
                case 4:
                    _b = respond_js_1.send;
                    _c = [res];
                    _d = { ok: true, db: db, implementation: protocol_1.IMPLEMENTATION, version: version_js_1.HUB_VERSION, protocol: protocol_1.PROTOCOL };
                    return [4 /*yield*/, (0, pause_js_1.isPaused)(ctx)];
                case 5:
                    _b.apply(void 0, _c.concat([(_d.paused = _e.sent(), _d)]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.post('/agents', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, body, _a, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _c.sent();
                    (0, agents_js_1.requireAdmin)(p);
                    body = (0, schemas_js_1.validate)('register', req.body);
                    _a = respond_js_1.send;
                    _b = [res];
                    return [4 /*yield*/, (0, agents_js_1.registerAgent)(ctx, body)];
                case 2:
                    _a.apply(void 0, _b.concat([_c.sent()]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/whoami', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var a, _a, _b, _c, _d;
        var _e;
        return __generator(this, function (_f) {
            switch (_f.label) {
                case 0:
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    a = _a.apply(void 0, [_f.sent()]);
                    _b = respond_js_1.send;
                    _c = [res];
                    _e = {
                        id: a.id, name: a.name, about: a.about, mission: a.mission, operator: a.operator, created_at: a.created_at,
                        version: version_js_1.HUB_VERSION, protocol: protocol_1.PROTOCOL
                    };
                    _d = (function (_a) {
                        var version = _a.version, text = _a.text;
                        return ({ version: version, text: text });
                    });
                    return [4 /*yield*/, (0, texts_js_1.currentText)(ctx, 'rules')];
                case 2:
                    _e.hub_rules = _d.apply(void 0, [_f.sent()]);
                    return [4 /*yield*/, (0, charter_js_1.charterPointer)(ctx, a)];
                case 3:
                    _e.hub_charter = _f.sent();
                    return [4 /*yield*/, (0, pause_js_1.hubState)(ctx)];
                case 4:
                    _b.apply(void 0, _c.concat([(_e.hub_state = _f.sent(),
                            _e.delegations = (0, delegations_js_1.activeGrants)(ctx),
                            _e)]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/charter', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var seat, _a, _b, _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    (0, schemas_js_1.onlyQuery)(req.query, ['full']);
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    seat = _a.apply(void 0, [_d.sent()]);
                    _b = respond_js_1.send;
                    _c = [res];
                    return [4 /*yield*/, (0, charter_js_1.readHubCharter)(ctx, seat, (0, schemas_js_1.boolQuery)(req.query.full, 'full'))];
                case 2:
                    _b.apply(void 0, _c.concat([_d.sent()]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.put('/me/about', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var p, a, body, _a, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0: return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    p = _c.sent();
                    a = (0, agents_js_1.requireSeat)(p);
                    body = (0, schemas_js_1.validate)('about', req.body);
                    return [4 /*yield*/, (0, channels_js_1.pauseGate)(ctx, p.operator)];
                case 2:
                    _c.sent();
                    _a = respond_js_1.send;
                    _b = [res];
                    return [4 /*yield*/, (0, agents_js_1.setAbout)(ctx, a, body.about)];
                case 3:
                    _a.apply(void 0, _b.concat([_c.sent()]));
                    return [2 /*return*/];
            }
        });
    }); });
    return r;
}
