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
exports.HUB_ALERTS = void 0;
exports.ensureHubAlerts = ensureHubAlerts;
exports.syncHubAlerts = syncHubAlerts;
exports.alertHub = alertHub;
var messages_js_1 = require("../messages.js");
var channels_js_1 = require("../channels.js");
var delegations_js_1 = require("./delegations.js");
exports.HUB_ALERTS = 'hub-alerts';
/** `hub-alerts` is private and ownerless (`created_by: "hub"`), created on first use. */
function ensureHubAlerts(ctx) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    if (!!ctx.cache.channels.has(exports.HUB_ALERTS)) return [3 /*break*/, 2];
                    return [4 /*yield*/, (0, channels_js_1.insertChannel)(ctx, exports.HUB_ALERTS, true, 'hub')];
                case 1:
                    _a.sent();
                    _a.label = 2;
                case 2: return [2 /*return*/];
            }
        });
    });
}
/** Operators and reporting delegates are members; everyone else is removed. Returns who was added. */
function syncHubAlerts(ctx) {
    return __awaiter(this, void 0, void 0, function () {
        var reporting, want, added;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, ensureHubAlerts(ctx)];
                case 1:
                    _a.sent();
                    reporting = new Set((0, delegations_js_1.reportingDelegates)(ctx));
                    want = new Set(__spreadArray([], ctx.cache.agents.values(), true).filter(function (a) { return a.retired_at == null && (a.operator || reporting.has(a.id)); }).map(function (a) { return a.id; }));
                    added = [];
                    return [4 /*yield*/, ctx.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                            var _i, want_1, id, _a, _b, m;
                            return __generator(this, function (_c) {
                                switch (_c.label) {
                                    case 0:
                                        _i = 0, want_1 = want;
                                        _c.label = 1;
                                    case 1:
                                        if (!(_i < want_1.length)) return [3 /*break*/, 4];
                                        id = want_1[_i];
                                        if (ctx.cache.isMember(exports.HUB_ALERTS, id))
                                            return [3 /*break*/, 3];
                                        return [4 /*yield*/, (0, channels_js_1.joinChannel)(ctx, exports.HUB_ALERTS, id, 'member', false)];
                                    case 2:
                                        _c.sent();
                                        added.push(id);
                                        _c.label = 3;
                                    case 3:
                                        _i++;
                                        return [3 /*break*/, 1];
                                    case 4:
                                        _a = 0, _b = ctx.cache.membersOf(exports.HUB_ALERTS);
                                        _c.label = 5;
                                    case 5:
                                        if (!(_a < _b.length)) return [3 /*break*/, 8];
                                        m = _b[_a];
                                        if (want.has(m.agent_id))
                                            return [3 /*break*/, 7];
                                        return [4 /*yield*/, ctx.db.run('DELETE FROM members WHERE channel = ? AND agent_id = ?', exports.HUB_ALERTS, m.agent_id)];
                                    case 6:
                                        _c.sent();
                                        ctx.cache.removeMember(exports.HUB_ALERTS, m.agent_id);
                                        _c.label = 7;
                                    case 7:
                                        _a++;
                                        return [3 /*break*/, 5];
                                    case 8: return [2 /*return*/];
                                }
                            });
                        }); })];
                case 2:
                    _a.sent();
                    return [2 /*return*/, added];
            }
        });
    });
}
/** A system post in hub-alerts; addressed alerts are `fyi` so they create no debt nobody can discharge. */
function alertHub(ctx_1, body_1) {
    return __awaiter(this, arguments, void 0, function (ctx, body, extra) {
        var to;
        var _a;
        if (extra === void 0) { extra = {}; }
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0: return [4 /*yield*/, ensureHubAlerts(ctx)];
                case 1:
                    _b.sent();
                    to = ((_a = extra.to) !== null && _a !== void 0 ? _a : []).filter(function (id) { return ctx.cache.isMember(exports.HUB_ALERTS, id); });
                    return [4 /*yield*/, (0, messages_js_1.postSystem)(ctx, exports.HUB_ALERTS, body, __assign(__assign({}, extra), { to: to, status: 'fyi' }))];
                case 2:
                    _b.sent();
                    return [2 /*return*/];
            }
        });
    });
}
