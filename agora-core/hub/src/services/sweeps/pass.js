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
exports.Pass = void 0;
var node_perf_hooks_1 = require("node:perf_hooks");
var messages_js_1 = require("../messages.js");
var fleet_owed_js_1 = require("./fleet-owed.js");
var hub_alerts_js_1 = require("../governance/hub-alerts.js");
var delegations_js_1 = require("../governance/delegations.js");
var channels_js_1 = require("../channels.js");
/** What one sweep pass shares: the clock reading, the time budget, the guards and a per-seat /owed memo. */
var Pass = /** @class */ (function () {
    function Pass(ctx, guards, budgetMs, resume) {
        if (resume === void 0) { resume = new Map(); }
        this.ctx = ctx;
        this.guards = guards;
        this.owed = new Map();
        this.fleetOwed = null;
        this.alertsSynced = false;
        /** Set when a sweep stopped early because the pass ran out of time; it resumes next pass. */
        this.truncated = false;
        this.resume = resume;
        this.now = ctx.now();
        this.deadline = node_perf_hooks_1.performance.now() + budgetMs;
    }
    /** True once the pass's time budget is spent: loops stop and pick up where they left off next pass. */
    Pass.prototype.outOfTime = function () {
        if (node_perf_hooks_1.performance.now() < this.deadline)
            return false;
        this.truncated = true;
        return true;
    };
    /** Live (not retired) seats, in a stable order. */
    Pass.prototype.seats = function () {
        return __spreadArray([], this.ctx.cache.agents.values(), true).filter(function (a) { return a.retired_at == null; }).map(function (a) { return a.id; }).sort();
    };
    /** The seat's /owed to_answer rows, computed once per pass however many sub-sweeps ask. */
    Pass.prototype.toAnswer = function (agent) {
        return __awaiter(this, void 0, void 0, function () {
            var rows;
            var _a;
            return __generator(this, function (_b) {
                switch (_b.label) {
                    case 0:
                        rows = this.owed.get(agent);
                        if (!!rows) return [3 /*break*/, 2];
                        return [4 /*yield*/, ((_a = this.fleetOwed) !== null && _a !== void 0 ? _a : (this.fleetOwed = new fleet_owed_js_1.FleetOwed(this.ctx, this.now))).toAnswer(agent)];
                    case 1:
                        rows = _b.sent();
                        this.owed.set(agent, rows);
                        _b.label = 2;
                    case 2: return [2 /*return*/, rows];
                }
            });
        });
    };
    Pass.prototype.reporting = function () {
        return __awaiter(this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                return [2 /*return*/, (0, delegations_js_1.reportingDelegates)(this.ctx)];
            });
        });
    };
    /** A channel name as an alert may show it: private rooms and DMs are redacted. */
    Pass.prototype.shown = function (channel) {
        var _a;
        if ((0, channels_js_1.isDm)(channel))
            return '(dm)';
        return ((_a = this.ctx.cache.channels.get(channel)) === null || _a === void 0 ? void 0 : _a.private) === false ? channel : '(private)';
    };
    /** hub-alerts exists and holds exactly the operators and reporting delegates (once per pass). */
    Pass.prototype.syncAlerts = function () {
        return __awaiter(this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        if (this.alertsSynced)
                            return [2 /*return*/];
                        return [4 /*yield*/, (0, hub_alerts_js_1.syncHubAlerts)(this.ctx)];
                    case 1:
                        _a.sent();
                        this.alertsSynced = true;
                        return [2 /*return*/];
                }
            });
        });
    };
    /** An `fyi` system post in hub-alerts (addressed alerts never create a debt); false when the dedupe key was used. */
    Pass.prototype.alert = function (body, extra) {
        return __awaiter(this, void 0, void 0, function () {
            var _this = this;
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0: return [4 /*yield*/, this.syncAlerts()];
                    case 1:
                        _a.sent();
                        return [2 /*return*/, dedupe(function () { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
                                switch (_a.label) {
                                    case 0: return [4 /*yield*/, (0, hub_alerts_js_1.alertHub)(this.ctx, body, __assign(__assign({}, extra), { status: 'fyi' }))];
                                    case 1:
                                        _a.sent();
                                        return [2 /*return*/];
                                }
                            }); }); })];
                }
            });
        });
    };
    /** An `fyi` system ring in a work row's own channel, addressed to seats that are members there. */
    Pass.prototype.ring = function (channel, body, extra) {
        return __awaiter(this, void 0, void 0, function () {
            var to;
            var _this = this;
            return __generator(this, function (_a) {
                to = extra.to.filter(function (id) { return _this.ctx.cache.isMember(channel, id); });
                if (to.length === 0)
                    return [2 /*return*/, false];
                return [2 /*return*/, dedupe(function () { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
                        switch (_a.label) {
                            case 0: return [4 /*yield*/, (0, messages_js_1.postSystem)(this.ctx, channel, body, __assign(__assign({}, extra), { to: to, status: 'fyi' }))];
                            case 1:
                                _a.sent();
                                return [2 /*return*/];
                        }
                    }); }); })];
            });
        });
    };
    return Pass;
}());
exports.Pass = Pass;
function dedupe(post) {
    return __awaiter(this, void 0, void 0, function () {
        var err_1;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    _a.trys.push([0, 2, , 3]);
                    return [4 /*yield*/, post()];
                case 1:
                    _a.sent();
                    return [2 /*return*/, true];
                case 2:
                    err_1 = _a.sent();
                    if (err_1.dedupe)
                        return [2 /*return*/, false];
                    throw err_1;
                case 3: return [2 /*return*/];
            }
        });
    });
}
