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
exports.HUB_DEBTS_CAP = void 0;
exports.hubDebts = hubDebts;
var fleet_owed_js_1 = require("../sweeps/fleet-owed.js");
var envelopes_js_1 = require("../envelopes.js");
var store_js_1 = require("../store.js");
/** Rows served at most; past it `truncated` is true (the oldest debts come first). */
exports.HUB_DEBTS_CAP = 5000;
/**
 * Every open obligation across the hub, one row per seat that owes: each live seat's `/owed`
 * `to_answer`, computed by the sweeps' one fleet-wide pass (the same rules, read once), so the
 * operator's list and each seat's `/owed` cannot disagree.
 */
function hubDebts(ctx) {
    return __awaiter(this, void 0, void 0, function () {
        var now, fleet, seats, debts, _i, seats_1, seat, _a, _b, r, _c, _d;
        var _e;
        return __generator(this, function (_f) {
            switch (_f.label) {
                case 0:
                    now = ctx.now();
                    fleet = new fleet_owed_js_1.FleetOwed(ctx, now);
                    seats = __spreadArray([], ctx.cache.agents.values(), true).filter(function (a) { return a.retired_at == null && a.deleted_at == null; }).map(function (a) { return a.id; }).sort();
                    debts = [];
                    _i = 0, seats_1 = seats;
                    _f.label = 1;
                case 1:
                    if (!(_i < seats_1.length)) return [3 /*break*/, 8];
                    seat = seats_1[_i];
                    _a = 0;
                    return [4 /*yield*/, fleet.toAnswer(seat)];
                case 2:
                    _b = _f.sent();
                    _f.label = 3;
                case 3:
                    if (!(_a < _b.length)) return [3 /*break*/, 7];
                    r = _b[_a];
                    _d = (_c = debts).push;
                    _e = { debtor: seat, creditor: r.sender, channel: r.channel, id: r.id, seq: r.seq, title: r.title, kind: r.kind,
                        created_at: r.created_at };
                    return [4 /*yield*/, (0, envelopes_js_1.debtAge)(ctx, r.created_at, now)];
                case 4:
                    _e.age_s = _f.sent();
                    return [4 /*yield*/, (0, store_js_1.slaMinutes)(ctx, r.channel)];
                case 5:
                    _d.apply(_c, [(_e.sla_minutes = _f.sent(), _e.escalated = r.escalated, _e)]);
                    _f.label = 6;
                case 6:
                    _a++;
                    return [3 /*break*/, 3];
                case 7:
                    _i++;
                    return [3 /*break*/, 1];
                case 8:
                    debts.sort(function (a, b) { return a.created_at - b.created_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) || (a.debtor < b.debtor ? -1 : 1); });
                    return [2 /*return*/, { debts: debts.slice(0, exports.HUB_DEBTS_CAP), truncated: debts.length > exports.HUB_DEBTS_CAP, computed_at: now }];
            }
        });
    });
}
