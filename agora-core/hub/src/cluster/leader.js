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
exports.SweepLeader = exports.SWEEP_LOCK = void 0;
/** Session advisory lock key held by the one hub process that runs the timed sweeps. */
exports.SWEEP_LOCK = 0x61676f7202;
/**
 * Sweep leadership across hub processes on one PostgreSQL database: the process whose dedicated
 * session holds `pg_try_advisory_lock(SWEEP_LOCK)` runs the sweeps. The lock lives as long as
 * that session, so a process that dies (even kill -9) releases it when PostgreSQL notices the
 * closed connection, and the next process to ask takes over.
 */
var SweepLeader = /** @class */ (function () {
    function SweepLeader(connect) {
        this.connect = connect;
        this.client = null;
        this.held = false;
        this.asking = null;
        this.stopped = false;
    }
    /** True when this process holds leadership now (taking it when free). */
    SweepLeader.prototype.isLeader = function () {
        var _this = this;
        var _a;
        if (this.stopped)
            return Promise.resolve(false);
        if (this.held && this.client)
            return Promise.resolve(true);
        (_a = this.asking) !== null && _a !== void 0 ? _a : (this.asking = this.ask().finally(function () { _this.asking = null; }));
        return this.asking;
    };
    SweepLeader.prototype.ask = function () {
        return __awaiter(this, void 0, void 0, function () {
            var c_1, r, _a;
            var _this = this;
            var _b, _c;
            return __generator(this, function (_d) {
                switch (_d.label) {
                    case 0:
                        _d.trys.push([0, 4, , 5]);
                        if (!!this.client) return [3 /*break*/, 2];
                        return [4 /*yield*/, this.connect()];
                    case 1:
                        c_1 = _d.sent();
                        c_1.on('error', function () { });
                        c_1.on('end', function () {
                            if (_this.client === c_1) {
                                _this.client = null;
                                _this.held = false;
                            }
                        });
                        this.client = c_1;
                        _d.label = 2;
                    case 2: return [4 /*yield*/, this.client.query("SELECT pg_try_advisory_lock(".concat(exports.SWEEP_LOCK, ") AS ok"))];
                    case 3:
                        r = _d.sent();
                        this.held = ((_b = r.rows[0]) === null || _b === void 0 ? void 0 : _b.ok) === true || ((_c = r.rows[0]) === null || _c === void 0 ? void 0 : _c.ok) === 1;
                        return [2 /*return*/, this.held];
                    case 4:
                        _a = _d.sent();
                        this.held = false;
                        return [2 /*return*/, false];
                    case 5: return [2 /*return*/];
                }
            });
        });
    };
    SweepLeader.prototype.stop = function () {
        return __awaiter(this, void 0, void 0, function () {
            var c;
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        this.stopped = true;
                        this.held = false;
                        c = this.client;
                        this.client = null;
                        return [4 /*yield*/, (c === null || c === void 0 ? void 0 : c.end().catch(function () { return undefined; }))];
                    case 1:
                        _a.sent();
                        return [2 /*return*/];
                }
            });
        });
    };
    return SweepLeader;
}());
exports.SweepLeader = SweepLeader;
