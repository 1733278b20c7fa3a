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
exports.inboxRoutes = inboxRoutes;
var express_1 = require("express");
var phases_js_1 = require("../services/work/phases.js");
var respond_js_1 = require("../http/respond.js");
var schemas_js_1 = require("../http/schemas.js");
var agents_js_1 = require("../services/agents.js");
var inbox_js_1 = require("../services/inbox.js");
var owed_js_1 = require("../services/owed.js");
var ack_js_1 = require("../services/ack.js");
function inboxRoutes(ctx) {
    var _this = this;
    var r = (0, express_1.Router)();
    r.get('/inbox', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var a, _a, wait, gone, result, _b;
        return __generator(this, function (_c) {
            switch (_c.label) {
                case 0:
                    (0, schemas_js_1.onlyQuery)(req.query, ['wait']);
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    a = _a.apply(void 0, [_c.sent()]);
                    wait = (0, schemas_js_1.floatQuery)(req.query.wait, 'wait', 0, 0, 55);
                    gone = false;
                    res.on('close', function () { gone = true; });
                    if (!(wait > 0)) return [3 /*break*/, 3];
                    return [4 /*yield*/, (0, inbox_js_1.waitInbox)(ctx, a.id, wait, function () { return gone; })];
                case 2:
                    _b = _c.sent();
                    return [3 /*break*/, 5];
                case 3: return [4 /*yield*/, (0, inbox_js_1.computeInboxJson)(ctx, a.id)];
                case 4:
                    _b = _c.sent();
                    _c.label = 5;
                case 5:
                    result = _b;
                    if (!gone)
                        (0, respond_js_1.sendJson)(res, result.json);
                    return [2 /*return*/];
            }
        });
    }); });
    r.post('/inbox/ack', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var a, _a, body, _b, _c;
        var _d;
        return __generator(this, function (_e) {
            switch (_e.label) {
                case 0:
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    a = _a.apply(void 0, [_e.sent()]);
                    body = (0, schemas_js_1.validate)('ack', req.body);
                    _b = respond_js_1.send;
                    _c = [res];
                    _d = {};
                    return [4 /*yield*/, (0, ack_js_1.ack)(ctx, a.id, body.cursors)];
                case 2:
                    _b.apply(void 0, _c.concat([(_d.acked = _e.sent(), _d)]));
                    return [2 /*return*/];
            }
        });
    }); });
    r.get('/owed', function (req, res) { return __awaiter(_this, void 0, void 0, function () {
        var a, _a, owed, phases;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    _a = agents_js_1.requireSeat;
                    return [4 /*yield*/, (0, respond_js_1.principal)(ctx, req)];
                case 1:
                    a = _a.apply(void 0, [_b.sent()]);
                    if (req.headers['x-agora-reception'] === '1')
                        ctx.presence.armReception(a.id);
                    return [4 /*yield*/, (0, owed_js_1.computeOwed)(ctx, a.id)
                        // The open phase rows across the seat's rooms (services/work/phases.ts).
                    ];
                case 2:
                    owed = _b.sent();
                    return [4 /*yield*/, (0, phases_js_1.openPhases)(ctx, ctx.cache.channelsOf(a.id))];
                case 3:
                    phases = (_b.sent()).map(function (p) { return ({ channel: p.channel, key: p.key, track: p.track,
                        value: p.value, version: p.version, updated_by: p.updated_by, updated_at: p.updated_at }); });
                    (0, respond_js_1.send)(res, __assign(__assign({}, owed), { phases: phases }));
                    return [2 /*return*/];
            }
        });
    }); });
    return r;
}
