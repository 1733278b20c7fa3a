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
exports.slaMinutes = exports.CLAIM_STALE_DEFAULT_MINUTES = void 0;
exports.liveRows = liveRows;
var protocol_1 = require("@agora/protocol");
var store_js_1 = require("../store.js");
Object.defineProperty(exports, "slaMinutes", { enumerable: true, get: function () { return store_js_1.slaMinutes; } });
var envelopes_js_1 = require("../envelopes.js");
var work_rows_js_1 = require("../sweeps/work-rows.js");
/** A claim with no cadence counts as stale after a day without a receipt. */
exports.CLAIM_STALE_DEFAULT_MINUTES = 24 * 60;
/**
 * Live (not finished) claim: and phase: rows in the given rooms, as the board, desk and supervise show them.
 * Parked rows (blocked, on hold …) are listed but never stale: they wait on purpose.
 */
function liveRows(ctx, channels, now) {
    return __awaiter(this, void 0, void 0, function () {
        var rows, out, _i, rows_1, r, v, kind, holder, cadence, idle, next;
        var _a;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    if (channels.length === 0)
                        return [2 /*return*/, []];
                    return [4 /*yield*/, (_a = ctx.db).all.apply(_a, __spreadArray(["SELECT * FROM store WHERE channel IN (".concat(channels.map(function () { return '?'; }).join(', '), ")\n    AND ((key >= 'claim:' AND key < 'claim;') OR (key >= 'phase:' AND key < 'phase;')) ORDER BY channel, key")], channels, false))];
                case 1:
                    rows = _b.sent();
                    out = [];
                    _i = 0, rows_1 = rows;
                    _b.label = 2;
                case 2:
                    if (!(_i < rows_1.length)) return [3 /*break*/, 5];
                    r = rows_1[_i];
                    v = (0, protocol_1.toPlain)((0, store_js_1.parseValue)(r));
                    if (!v || typeof v !== 'object' || Array.isArray(v) || (0, work_rows_js_1.isFinished)(v))
                        return [3 /*break*/, 4];
                    kind = r.key.startsWith('claim:') ? 'claim' : 'phase';
                    holder = kind === 'claim' ? (typeof v.owner === 'string' ? v.owner : null) : (typeof v.steward === 'string' ? v.steward : null);
                    cadence = typeof v.cadence_minutes === 'number' && v.cadence_minutes > 0 ? v.cadence_minutes : exports.CLAIM_STALE_DEFAULT_MINUTES;
                    return [4 /*yield*/, (0, envelopes_js_1.debtAge)(ctx, r.updated_at, now)];
                case 3:
                    idle = _b.sent();
                    next = [v.next_step, v.next, v.current].find(function (x) { return typeof x === 'string'; });
                    out.push({ channel: r.channel, key: r.key, kind: kind, holder: holder, status: (0, work_rows_js_1.statusWord)(v), version: r.version, updated_at: r.updated_at,
                        idle_s: Math.round(idle), stale: !(0, work_rows_js_1.isTerminal)(v) && idle > cadence * 60, needs_from: (0, work_rows_js_1.needsFrom)(v), next_step: next !== null && next !== void 0 ? next : null });
                    _b.label = 4;
                case 4:
                    _i++;
                    return [3 /*break*/, 2];
                case 5: return [2 /*return*/, out];
            }
        });
    });
}
