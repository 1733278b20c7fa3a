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
exports.Scheduler = void 0;
var node_perf_hooks_1 = require("node:perf_hooks");
var pause_js_1 = require("../pause.js");
var guards_js_1 = require("./guards.js");
var pass_js_1 = require("./pass.js");
var registry_js_1 = require("./registry.js");
/**
 * The one scheduler that owns every hub sweep: two timers (vote cadence, watchdog cadence), passes
 * that never overlap, a leadership check before each pass, frozen while paused (the pause reminder
 * aside), and an explicit `run()` so tests drive it with an injected clock.
 */
var Scheduler = /** @class */ (function () {
    function Scheduler(ctx, opts) {
        var _this = this;
        var _a;
        this.ctx = ctx;
        this.opts = opts;
        this.timers = [];
        this.chain = Promise.resolve();
        this.resume = new Map();
        this.isLeader = (_a = opts.isLeader) !== null && _a !== void 0 ? _a : (function () { return __awaiter(_this, void 0, void 0, function () { return __generator(this, function (_a) {
            return [2 /*return*/, true];
        }); }); });
    }
    Scheduler.prototype.start = function () {
        var _this = this;
        var every = function (ms, cadence) {
            var t = setInterval(function () {
                _this.run({ cadence: cadence }).catch(function (err) { return process.stderr.write("agora hub: sweep pass failed: ".concat(err.message, "\n")); });
            }, ms);
            t.unref();
            _this.timers.push(t);
        };
        every(this.opts.voteSweepMs, 'vote');
        every(this.opts.darkSweepMs, 'watchdog');
    };
    Scheduler.prototype.stop = function () {
        for (var _i = 0, _a = this.timers; _i < _a.length; _i++) {
            var t = _a[_i];
            clearInterval(t);
        }
        this.timers = [];
    };
    /** Run one pass of the named sweeps (default: every sweep), after any pass already running. */
    Scheduler.prototype.run = function (select) {
        var _this = this;
        var _a;
        if (select === void 0) { select = {}; }
        for (var _i = 0, _b = (_a = select.only) !== null && _a !== void 0 ? _a : []; _i < _b.length; _i++) {
            var n = _b[_i];
            if (!registry_js_1.SWEEP_NAMES.includes(n))
                throw new Error("unknown sweep '".concat(n, "'; known: ").concat(registry_js_1.SWEEP_NAMES.join(', ')));
        }
        var next = this.chain.then(function () { return _this.pass(select); });
        this.chain = next.catch(function () { return undefined; });
        return next;
    };
    Scheduler.prototype.pass = function (select) {
        return __awaiter(this, void 0, void 0, function () {
            var started, report, _a, pass, _b, _c, _i, SWEEPS_1, s, t0, _d, _e, err_1;
            return __generator(this, function (_f) {
                switch (_f.label) {
                    case 0:
                        started = node_perf_hooks_1.performance.now();
                        report = { ran: false, paused: false, results: {}, errors: {}, truncated: false, ms: 0, sweep_ms: {} };
                        return [4 /*yield*/, this.isLeader()];
                    case 1:
                        if (!(_f.sent()))
                            return [2 /*return*/, __assign(__assign({}, report), { reason: 'not-leader' })];
                        report.ran = true;
                        _a = report;
                        return [4 /*yield*/, (0, pause_js_1.isPaused)(this.ctx)];
                    case 2:
                        _a.paused = _f.sent();
                        _b = pass_js_1.Pass.bind;
                        _c = [void 0, this.ctx];
                        return [4 /*yield*/, guards_js_1.Guards.load(this.ctx)];
                    case 3:
                        pass = new (_b.apply(pass_js_1.Pass, _c.concat([_f.sent(), this.opts.budgetMs, this.resume])))();
                        _i = 0, SWEEPS_1 = registry_js_1.SWEEPS;
                        _f.label = 4;
                    case 4:
                        if (!(_i < SWEEPS_1.length)) return [3 /*break*/, 10];
                        s = SWEEPS_1[_i];
                        if (select.cadence && s.cadence !== select.cadence)
                            return [3 /*break*/, 9];
                        if (select.only && !select.only.includes(s.name))
                            return [3 /*break*/, 9];
                        if (report.paused && !s.whilePaused) {
                            report.results[s.name] = 'skipped: paused';
                            return [3 /*break*/, 9];
                        }
                        t0 = node_perf_hooks_1.performance.now();
                        _f.label = 5;
                    case 5:
                        _f.trys.push([5, 7, , 8]);
                        _d = report.results;
                        _e = s.name;
                        return [4 /*yield*/, s.run(pass, this.ctx)];
                    case 6:
                        _d[_e] = _f.sent();
                        return [3 /*break*/, 8];
                    case 7:
                        err_1 = _f.sent();
                        report.errors[s.name] = err_1.message;
                        process.stderr.write("agora hub: sweep '".concat(s.name, "' failed: ").concat(err_1.message, "\n"));
                        return [3 /*break*/, 8];
                    case 8:
                        report.sweep_ms[s.name] = node_perf_hooks_1.performance.now() - t0;
                        _f.label = 9;
                    case 9:
                        _i++;
                        return [3 /*break*/, 4];
                    case 10:
                        report.truncated = pass.truncated;
                        report.ms = node_perf_hooks_1.performance.now() - started;
                        return [2 /*return*/, report];
                }
            });
        });
    };
    return Scheduler;
}());
exports.Scheduler = Scheduler;
