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
exports.DOCTOR_LEDGER_MAX = void 0;
exports.doctor = doctor;
var ledger_js_1 = require("../ledger.js");
var channels_js_1 = require("../channels.js");
var hub_alerts_js_1 = require("../governance/hub-alerts.js");
/** Channels whose ledger one doctor run re-verifies; past this the check says how many it skipped. */
exports.DOCTOR_LEDGER_MAX = 200;
/**
 * GET /admin/doctor: consistency checks over the stored hub, each with a detail that says what is
 * wrong and what to do. It reads only; nothing is repaired behind the operator's back.
 */
function doctor(ctx) {
    return __awaiter(this, void 0, void 0, function () {
        var checks, add, operators, gaps, members, stray, cached, alerts, missing, names, broken, _i, _a, name_1, report, skipped;
        return __generator(this, function (_b) {
            switch (_b.label) {
                case 0:
                    checks = [];
                    add = function (name, ok, detail) { checks.push({ name: name, ok: ok, detail: detail }); };
                    operators = __spreadArray([], ctx.cache.agents.values(), true).filter(function (a) { return a.operator && a.retired_at == null; });
                    add('operators', operators.length > 0, operators.length > 0
                        ? "".concat(operators.length, " live operator(s): ").concat(operators.map(function (a) { return a.id; }).sort().join(', '))
                        : 'no live operator: register one with `agora register <id> --operator` (admin key), or unretire one');
                    add('commons', ctx.cache.channels.has('commons'), ctx.cache.channels.has('commons')
                        ? 'commons exists' : 'commons is missing; restart the hub (it recreates commons at boot)');
                    return [4 /*yield*/, ctx.db.all('SELECT channel, COUNT(*) AS n, MAX(seq) AS top FROM messages GROUP BY channel HAVING COUNT(*) <> MAX(seq) ORDER BY channel LIMIT 50')];
                case 1:
                    gaps = _b.sent();
                    add('seq', gaps.length === 0, gaps.length === 0 ? 'every channel numbers its messages 1..N without gaps'
                        : "seq gaps in ".concat(gaps.map(function (g) { return "".concat(g.channel, " (").concat(g.n, " rows, head ").concat(g.top, ")"); }).join(', '), "; restore the database from a backup (agora restore)"));
                    return [4 /*yield*/, ctx.db.all('SELECT channel, agent_id FROM members ORDER BY channel, agent_id')];
                case 2:
                    members = _b.sent();
                    stray = members.filter(function (m) {
                        var a = ctx.cache.agents.get(m.agent_id);
                        var ch = ctx.cache.channels.get(m.channel);
                        // A retired seat keeps its DMs (the peer still reads the history); anything else is stray.
                        return !a || !ch || ch.archived_at != null || (a.retired_at != null && !(0, channels_js_1.isDm)(ch.name));
                    });
                    add('members', stray.length === 0, stray.length === 0 ? "".concat(members.length, " memberships, none of a retired seat (outside its DMs) or a closed room")
                        : "memberships of retired seats or archived/unknown rooms: ".concat(stray.slice(0, 20).map(function (m) { return "".concat(m.agent_id, "@").concat(m.channel); }).join(', '), "; retire the seat again or archive the room again to evict them"));
                    cached = __spreadArray([], ctx.cache.members.values(), true).reduce(function (n, m) { return n + m.size; }, 0);
                    add('cache', cached === members.length, cached === members.length ? 'the in-memory roster matches the database'
                        : "the in-memory roster holds ".concat(cached, " memberships but the database ").concat(members.length, "; restart the hub to reload it"));
                    alerts = ctx.cache.channels.get(hub_alerts_js_1.HUB_ALERTS);
                    missing = alerts ? operators.filter(function (a) { return !ctx.cache.isMember(hub_alerts_js_1.HUB_ALERTS, a.id); }).map(function (a) { return a.id; }) : [];
                    add('hub-alerts', missing.length === 0, !alerts ? 'hub-alerts not created yet (it appears with the first alert)'
                        : missing.length === 0 ? 'every live operator is in hub-alerts' : "operators missing from hub-alerts: ".concat(missing.join(', '), "; re-run PUT /agents/{id}/role to resync"));
                    names = __spreadArray([], ctx.cache.channels.keys(), true).sort();
                    broken = [];
                    _i = 0, _a = names.slice(0, exports.DOCTOR_LEDGER_MAX);
                    _b.label = 3;
                case 3:
                    if (!(_i < _a.length)) return [3 /*break*/, 6];
                    name_1 = _a[_i];
                    return [4 /*yield*/, (0, ledger_js_1.ledgerReport)(ctx, name_1, true)];
                case 4:
                    report = (_b.sent());
                    if (!report.verified)
                        broken.push("".concat(name_1, "#").concat(report.broken_at));
                    _b.label = 5;
                case 5:
                    _i++;
                    return [3 /*break*/, 3];
                case 6:
                    skipped = Math.max(0, names.length - exports.DOCTOR_LEDGER_MAX);
                    add('ledger', broken.length === 0, broken.length === 0
                        ? "".concat(names.length - skipped, " ledger(s) verified").concat(skipped ? "; ".concat(skipped, " more not checked in this run") : '')
                        : "ledger chain broken at ".concat(broken.join(', '), "; the stored rows were changed outside the hub, restore from a backup (agora restore)"));
                    return [2 /*return*/, { ok: checks.every(function (c) { return c.ok; }), checked_at: ctx.now(), checks: checks }];
            }
        });
    });
}
