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
exports.FLEET_SIGNAL_WINDOW = exports.FLEET_CONFIRM = exports.FLEET_LIVE_FRACTION = exports.FLEET_MIN_ELIGIBLE = void 0;
exports.sweepFleet = sweepFleet;
var agents_js_1 = require("../agents.js");
exports.FLEET_MIN_ELIGIBLE = 3;
exports.FLEET_LIVE_FRACTION = 0.5;
exports.FLEET_CONFIRM = 300;
exports.FLEET_SIGNAL_WINDOW = 6 * 3600;
/**
 * Fleet liveness: seats observed live within 6 h are eligible; with at least 3 of them, a live fraction
 * below 0.5 held for 300 s raises one FLEET DARK alert per episode. Returns ['fleet'] when it alerted.
 */
function sweepFleet(pass) {
    return __awaiter(this, void 0, void 0, function () {
        var ctx, g, lastLive, live, eligible, _i, _a, agent, isLive, seen, below, next, fired, dark, _b, _c, _d;
        var _e;
        var _f, _g;
        return __generator(this, function (_h) {
            switch (_h.label) {
                case 0:
                    ctx = pass.ctx;
                    g = (_f = pass.guards.get('fleet')) !== null && _f !== void 0 ? _f : { last_live: {}, below_since: null, alerted: false };
                    lastLive = {};
                    live = [];
                    eligible = [];
                    _i = 0, _a = pass.seats();
                    _h.label = 1;
                case 1:
                    if (!(_i < _a.length)) return [3 /*break*/, 4];
                    agent = _a[_i];
                    return [4 /*yield*/, (0, agents_js_1.activeHubBlock)(ctx, agent)];
                case 2:
                    if (_h.sent())
                        return [3 /*break*/, 3];
                    isLive = ctx.presence.row(agent).state !== 'offline';
                    seen = isLive ? pass.now : g.last_live[agent];
                    if (seen === undefined || pass.now - seen > exports.FLEET_SIGNAL_WINDOW)
                        return [3 /*break*/, 3];
                    lastLive[agent] = seen;
                    eligible.push(agent);
                    if (isLive)
                        live.push(agent);
                    _h.label = 3;
                case 3:
                    _i++;
                    return [3 /*break*/, 1];
                case 4:
                    below = eligible.length >= exports.FLEET_MIN_ELIGIBLE && live.length / eligible.length < exports.FLEET_LIVE_FRACTION;
                    next = { last_live: lastLive, below_since: below ? ((_g = g.below_since) !== null && _g !== void 0 ? _g : pass.now) : null, alerted: below && g.alerted };
                    fired = false;
                    if (!(below && !next.alerted && pass.now - next.below_since >= exports.FLEET_CONFIRM)) return [3 /*break*/, 7];
                    dark = eligible.filter(function (a) { return !live.includes(a); });
                    _c = (_b = pass).alert;
                    _d = ["FLEET DARK: ".concat(live.length, " of ").concat(eligible.length, " recently live seats are live (").concat(dark.slice(0, 20).join(', '), " dark) for ").concat(Math.round((pass.now - next.below_since) / 60), " min")];
                    _e = { title: 'FLEET DARK' };
                    return [4 /*yield*/, pass.reporting()];
                case 5: return [4 /*yield*/, _c.apply(_b, _d.concat([(_e.to = _h.sent(), _e.data = { alert: 'fleet_dark', live: live.length, eligible: eligible.length }, _e.dedupeKey = "fleet:".concat(next.below_since), _e)]))];
                case 6:
                    _h.sent();
                    next.alerted = true;
                    fired = true;
                    _h.label = 7;
                case 7: return [4 /*yield*/, pass.guards.set('fleet', next)];
                case 8:
                    _h.sent();
                    return [2 /*return*/, fired ? ['fleet'] : []];
            }
        });
    });
}
