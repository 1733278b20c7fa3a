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
exports.PAUSE_REMINDER_EVERY = exports.RETIRE_AFTER = void 0;
exports.sweepRetire = sweepRetire;
exports.sweepPauseReminder = sweepPauseReminder;
var pause_js_1 = require("../pause.js");
exports.RETIRE_AFTER = 7 * 24 * 3600;
exports.PAUSE_REMINDER_EVERY = 24 * 3600;
/**
 * The 7-day retirement proposal: a seat whose AGENT DARK episode (the dark watchdog's meta row) is still
 * open a week after its alert gets one proposal per episode in hub-alerts. The hub proposes; an operator retires.
 */
function sweepRetire(pass) {
    return __awaiter(this, void 0, void 0, function () {
        var rows, out, _i, rows_1, r, agent, ep, a, _a, _b, _c;
        var _d;
        return __generator(this, function (_e) {
            switch (_e.label) {
                case 0: return [4 /*yield*/, pass.ctx.db.all("SELECT key, value FROM meta WHERE key LIKE 'dark_watchdog:%'")];
                case 1:
                    rows = _e.sent();
                    out = [];
                    _i = 0, rows_1 = rows;
                    _e.label = 2;
                case 2:
                    if (!(_i < rows_1.length)) return [3 /*break*/, 7];
                    r = rows_1[_i];
                    agent = r.key.slice('dark_watchdog:'.length);
                    ep = void 0;
                    try {
                        ep = JSON.parse(r.value);
                    }
                    catch (_f) {
                        return [3 /*break*/, 6];
                    }
                    a = pass.ctx.cache.agents.get(agent);
                    if (!a || a.retired_at != null || !ep.open || pass.now - ep.alerted_at < exports.RETIRE_AFTER)
                        return [3 /*break*/, 6];
                    if (pass.guards.get("retire:".concat(agent)) === ep.alerted_at)
                        return [3 /*break*/, 6];
                    _b = (_a = pass).alert;
                    _c = ["RETIRE PROPOSAL: ".concat(agent, " has been dark with escalated debts for ").concat(Math.floor((pass.now - ep.alerted_at) / 86400), " days; an operator can retire it (agora retire ").concat(agent, ") so its work is reassigned")];
                    _d = { title: "RETIRE PROPOSAL ".concat(agent) };
                    return [4 /*yield*/, pass.reporting()];
                case 3: return [4 /*yield*/, _b.apply(_a, _c.concat([(_d.to = _e.sent(), _d.data = { alert: 'retire_proposal', agent: agent }, _d.dedupeKey = "retire:".concat(agent, ":").concat(ep.alerted_at), _d)]))];
                case 4:
                    _e.sent();
                    return [4 /*yield*/, pass.guards.set("retire:".concat(agent), ep.alerted_at)];
                case 5:
                    _e.sent();
                    out.push(agent);
                    _e.label = 6;
                case 6:
                    _i++;
                    return [3 /*break*/, 2];
                case 7: return [2 /*return*/, out];
            }
        });
    });
}
/** While a pause lasts, one reminder in hub-alerts every 24 h (the only sweep that runs while paused). */
function sweepPauseReminder(pass) {
    return __awaiter(this, void 0, void 0, function () {
        var p, g, last, hours;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, pause_js_1.currentPause)(pass.ctx)];
                case 1:
                    p = _a.sent();
                    if (!!p) return [3 /*break*/, 3];
                    return [4 /*yield*/, pass.guards.delete('pause_reminder')];
                case 2:
                    _a.sent();
                    return [2 /*return*/, []];
                case 3:
                    g = pass.guards.get('pause_reminder');
                    last = g && g.since === p.since ? g.last : p.since;
                    if (!(pass.now - last < exports.PAUSE_REMINDER_EVERY)) return [3 /*break*/, 5];
                    return [4 /*yield*/, pass.guards.set('pause_reminder', { since: p.since, last: last })];
                case 4:
                    _a.sent();
                    return [2 /*return*/, []];
                case 5:
                    hours = Math.floor((pass.now - p.since) / 3600);
                    return [4 /*yield*/, pass.alert("HUB PAUSED for ".concat(hours, " h by ").concat(p.by).concat(p.reason ? ": ".concat(p.reason) : '', "; resume it with agora resume when the reason is gone"), { title: 'HUB PAUSED', data: { alert: 'pause_reminder', since: p.since, hours: hours }, dedupeKey: "pause-reminder:".concat(p.since, ":").concat(hours) })];
                case 6:
                    _a.sent();
                    return [4 /*yield*/, pass.guards.set('pause_reminder', { since: p.since, last: pass.now })];
                case 7:
                    _a.sent();
                    return [2 /*return*/, ['pause']];
            }
        });
    });
}
