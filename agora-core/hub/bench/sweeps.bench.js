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
var _a;
Object.defineProperty(exports, "__esModule", { value: true });
// Sweep-pass benchmark (a script, not a test): `npm run bench:sweeps`. An in-process hub over a
// file database with 200 seats in 10 rooms, 300 addressed obligations, 100 cadence claims, 20
// phases and 100k filler messages; then full scheduler passes (every sweep) alternated with
// baseline passes (only the two sweeps the hub had before: votes and the dark watchdog).
var node_fs_1 = require("node:fs");
var node_os_1 = require("node:os");
var node_path_1 = require("node:path");
var hub_1 = require("@agora/hub");
var rows_js_1 = require("./rows.js");
var ADMIN = 'bench-admin-' + 'a'.repeat(32);
var SEATS = 200, ROOMS = 10, PER_ROOM = SEATS / ROOMS, FILLER = 100000, PASSES = 10, GOAL_MS = 200;
var t = 1900000000;
var dir = (0, node_fs_1.mkdtempSync)((0, node_path_1.join)((0, node_os_1.tmpdir)(), 'agora-sweeps-bench-'));
var dbPath = (0, node_path_1.join)(dir, 'hub.db');
var hub = await (0, hub_1.createHub)({ db: dbPath, port: 0, adminKey: ADMIN, notifyDir: (0, node_path_1.join)(dir, 'notify'), now: function () { return t; },
    voteSweepMs: 3600000, darkSweepMs: 3600000, sweepBudgetMs: 60000, ratePerMinute: 1e6, writeRatePerMinute: 1e6 });
function call(key_1, method_1, path_1, body_1) {
    return __awaiter(this, arguments, void 0, function (key, method, path, body, headers, retry) {
        var res, text;
        if (headers === void 0) { headers = {}; }
        if (retry === void 0) { retry = true; }
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, fetch(hub.url + path, { method: method, headers: __assign({ authorization: "Bearer ".concat(key), 'content-type': 'application/json', 'x-agora-client': 'bench' }, headers),
                        body: body === undefined ? undefined : JSON.stringify(body) }).catch(function (err) {
                        // A kept-alive socket the hub closed while the filler was being written: one fresh retry.
                        if (retry)
                            return null;
                        throw err;
                    })];
                case 1:
                    res = _a.sent();
                    if (res === null)
                        return [2 /*return*/, call(key, method, path, body, headers, false)];
                    return [4 /*yield*/, res.text()];
                case 2:
                    text = _a.sent();
                    if (!res.ok)
                        throw new Error("".concat(method, " ").concat(path, " -> ").concat(res.status, " ").concat(text.slice(0, 300)));
                    return [2 /*return*/, text ? JSON.parse(text) : null];
            }
        });
    });
}
var pct = function (xs, p) { return __spreadArray([], xs, true).sort(function (a, b) { return a - b; })[Math.min(xs.length - 1, Math.floor(xs.length * p))]; };
var ms = function (x) { return "".concat(x.toFixed(1), " ms"); };
try {
    var started = Date.now();
    var keys = [];
    for (var i = 0; i < SEATS; i++)
        keys.push((await call(ADMIN, 'POST', '/agents', { id: "seat-".concat(String(i).padStart(3, '0')) })).api_key);
    var ids = keys.map(function (_, i) { return "seat-".concat(String(i).padStart(3, '0')); });
    await call(ADMIN, 'POST', '/agents', { id: 'olga', operator: true });
    await call(ADMIN, 'PUT', '/admin/delegation', { agent_id: ids[0], powers: ['reporting'], mission: 'keep the picture' });
    var plan = [];
    for (var r = 0; r < ROOMS; r++) {
        var room = "room-".concat(r), owner = r * PER_ROOM;
        await call(keys[owner], 'POST', '/channels', { name: room, private: false });
        for (var j = 1; j < PER_ROOM; j++) {
            var inv = await call(keys[owner], 'POST', "/channels/".concat(room, "/invites"), { agent_id: ids[owner + j] });
            await call(keys[owner + j], 'POST', "/channels/".concat(room, "/join"), { invite_token: inv.invite_token });
        }
        for (var k = 0; k < 30; k++) {
            var to = [ids[owner + 1 + (k % (PER_ROOM - 1))], ids[owner + 1 + ((k + 7) % (PER_ROOM - 1))]];
            t += 1;
            await call(keys[owner], 'POST', "/channels/".concat(room, "/messages"), { status: 'open', title: "question ".concat(k), to: to });
        }
        for (var k = 0; k < 10; k++) {
            var seat = owner + 1 + k;
            t += 1;
            await call(keys[seat], 'PUT', "/channels/".concat(room, "/store/claim:task-").concat(k), { value: __assign({ owner: ids[seat], status: 'working', cadence_minutes: 30 }, (k % 3 === 0 ? { needs_from: ids[owner] } : {})) });
        }
        for (var k = 0; k < 2; k++)
            await call(keys[owner], 'PUT', "/channels/".concat(room, "/store/phase:track-").concat(k), { value: { steward: ids[owner + 2 + k], status: 'building', next: 'x' } });
        plan.push({ channel: room, senders: ids.slice(owner, owner + PER_ROOM) });
    }
    var filled = (0, rows_js_1.appendFiller)(dbPath, plan, FILLER / ROOMS);
    // Half the fleet has armed reception and a recent call; the rest is offline, so dark, deaf, lurk and fleet all have work.
    t += 2 * 3600;
    for (var i = 0; i < SEATS; i += 2)
        await call(keys[i], 'GET', '/owed', undefined, { 'x-agora-reception': '1' });
    console.log("setup: ".concat(SEATS, " seats, ").concat(ROOMS, " rooms, ").concat(filled, " filler messages, 300 obligations, 100 claims, 20 phases (").concat(((Date.now() - started) / 1000).toFixed(1), " s)"));
    var first = await hub.runSweeps();
    console.log("first full pass (alerts and rings fire): ".concat(ms(first.ms), "; errors: ").concat(JSON.stringify(first.errors), "; truncated: ").concat(first.truncated));
    var full = [], base = [];
    var fullCpu = [], baseCpu = [];
    var bySweep = {};
    for (var i = 0; i < PASSES; i++) {
        t += 301;
        // Alternate which kind runs first, so a noisy neighbour on the shared box hits both alike.
        var order = i % 2 === 0 ? ['full', 'base'] : ['base', 'full'];
        for (var _i = 0, order_1 = order; _i < order_1.length; _i++) {
            var kind = order_1[_i];
            // Process CPU time of the pass as well as wall time: on a loaded shared box wall time mostly measures the queue for a core.
            var c0 = process.cpuUsage();
            var r = kind === 'full' ? await hub.runSweeps() : await hub.runSweeps(['votes', 'dark']);
            var c = process.cpuUsage(c0);
            (kind === 'full' ? fullCpu : baseCpu).push((c.user + c.system) / 1000);
            if (r.truncated || Object.keys(r.errors).length)
                throw new Error("pass ".concat(kind, " truncated or failed: ").concat(JSON.stringify(r.errors)));
            (kind === 'full' ? full : base).push(r.ms);
            if (kind === 'full')
                for (var _b = 0, _c = Object.entries(r.sweep_ms); _b < _c.length; _b++) {
                    var _d = _c[_b], name_1 = _d[0], v = _d[1];
                    ((_a = bySweep[name_1]) !== null && _a !== void 0 ? _a : (bySweep[name_1] = [])).push(v);
                }
        }
    }
    console.log("full pass (".concat(Object.keys(first.results).length, " sweeps) over ").concat(PASSES, " steady passes: p50 ").concat(ms(pct(full, 0.5)), ", max ").concat(ms(Math.max.apply(Math, full)), " \u2014 goal < ").concat(GOAL_MS, " ms: ").concat(Math.max.apply(Math, full) < GOAL_MS ? 'met' : 'NOT met'));
    console.log("CPU per pass: full p50 ".concat(ms(pct(fullCpu, 0.5)), ", max ").concat(ms(Math.max.apply(Math, fullCpu)), "; baseline p50 ").concat(ms(pct(baseCpu, 0.5)), "; full \u00F7 baseline ").concat((pct(fullCpu, 0.5) / pct(baseCpu, 0.5)).toFixed(2)));
    console.log("per sweep p50: ".concat(Object.entries(bySweep).map(function (_a) {
        var n = _a[0], v = _a[1];
        return "".concat(n, " ").concat(pct(v, 0.5).toFixed(1));
    }).join(' · '), " ms"));
    console.log("baseline pass (votes + dark only): p50 ".concat(ms(pct(base, 0.5)), ", max ").concat(ms(Math.max.apply(Math, base)), "; full \u00F7 baseline (p50) ").concat((pct(full, 0.5) / pct(base, 0.5)).toFixed(2)));
    console.log("load average at the end: ".concat((0, node_os_1.loadavg)().map(function (x) { return x.toFixed(2); }).join(' '), " on ").concat((0, node_os_1.cpus)().length, " cores"));
}
finally {
    await hub.close();
    (0, node_fs_1.rmSync)(dir, { recursive: true, force: true });
}
