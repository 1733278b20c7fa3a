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
exports.sweepDark = sweepDark;
var agents_js_1 = require("../agents.js");
var walk_js_1 = require("./walk.js");
/**
 * The dark watchdog: one AGENT DARK alert per episode, to reporting delegates, for an offline,
 * unblocked seat holding escalated debts. Its episode row keeps the key it always had in meta
 * (`dark_watchdog:<seat>`), so a hub upgraded mid-episode does not alert again; a new episode
 * alerts only when the last alert is at least 6 h old. Returns the seats alerted.
 */
function sweepDark(pass) {
    return __awaiter(this, void 0, void 0, function () {
        var ctx, alerted;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    ctx = pass.ctx;
                    alerted = [];
                    return [4 /*yield*/, pass.syncAlerts()];
                case 1:
                    _a.sent();
                    return [4 /*yield*/, (0, walk_js_1.walkSeats)(pass, 'dark', function (agent) { return __awaiter(_this, void 0, void 0, function () {
                            var key, row, episode, offline, _a, debts, _b, write, where, _c, _d, _e;
                            var _f;
                            return __generator(this, function (_g) {
                                switch (_g.label) {
                                    case 0:
                                        key = "dark_watchdog:".concat(agent);
                                        return [4 /*yield*/, ctx.db.get('SELECT value FROM meta WHERE key = ?', key)];
                                    case 1:
                                        row = _g.sent();
                                        episode = row ? JSON.parse(row.value) : null;
                                        _a = ctx.presence.row(agent).state === 'offline';
                                        if (!_a) return [3 /*break*/, 3];
                                        return [4 /*yield*/, (0, agents_js_1.activeHubBlock)(ctx, agent)];
                                    case 2:
                                        _a = !(_g.sent());
                                        _g.label = 3;
                                    case 3:
                                        offline = _a;
                                        if (!offline) return [3 /*break*/, 5];
                                        return [4 /*yield*/, pass.toAnswer(agent)];
                                    case 4:
                                        _b = (_g.sent()).filter(function (d) { return d.escalated; });
                                        return [3 /*break*/, 6];
                                    case 5:
                                        _b = [];
                                        _g.label = 6;
                                    case 6:
                                        debts = _b;
                                        write = function (e) { return ctx.db.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', key, JSON.stringify(e)); };
                                        if (!(debts.length === 0)) return [3 /*break*/, 9];
                                        if (!(episode === null || episode === void 0 ? void 0 : episode.open)) return [3 /*break*/, 8];
                                        return [4 /*yield*/, write(__assign(__assign({}, episode), { open: false }))];
                                    case 7:
                                        _g.sent();
                                        _g.label = 8;
                                    case 8: return [2 /*return*/];
                                    case 9:
                                        if ((episode === null || episode === void 0 ? void 0 : episode.open) || (episode && pass.now - episode.alerted_at < walk_js_1.REALERT_GUARD))
                                            return [2 /*return*/];
                                        where = debts.slice(0, 10).map(function (d) { return "".concat(pass.shown(d.channel), "#").concat(d.seq); }).join(', ');
                                        _d = (_c = pass).alert;
                                        _e = ["AGENT DARK: ".concat(agent, " is offline with ").concat(debts.length, " escalated debt").concat(debts.length === 1 ? '' : 's', " (").concat(where, ")")];
                                        _f = {
                                            title: "AGENT DARK ".concat(agent)
                                        };
                                        return [4 /*yield*/, pass.reporting()];
                                    case 10: return [4 /*yield*/, _d.apply(_c, _e.concat([(_f.to = _g.sent(),
                                                _f.data = { alert: 'agent_dark', agent: agent, escalated: debts.length },
                                                _f.dedupeKey = "dark:".concat(agent, ":").concat(pass.now),
                                                _f)]))];
                                    case 11:
                                        _g.sent();
                                        return [4 /*yield*/, write({ alerted_at: pass.now, open: true })];
                                    case 12:
                                        _g.sent();
                                        alerted.push(agent);
                                        return [2 /*return*/];
                                }
                            });
                        }); })];
                case 2:
                    _a.sent();
                    return [2 /*return*/, alerted];
            }
        });
    });
}
