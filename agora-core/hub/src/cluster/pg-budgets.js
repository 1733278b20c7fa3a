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
exports.PgBudgets = void 0;
var node_crypto_1 = require("node:crypto");
var budgets_js_1 = require("../services/budgets.js");
var budget_book_js_1 = require("../services/budget-book.js");
/**
 * The per-seat budgets of services/budgets.ts kept in PostgreSQL, so every hub process on one
 * database spends from the same buckets: a seat posting through two processes hits 429 at the
 * same total as through one. Same numbers as in memory. Each check-and-spend is one transaction
 * (under the adapter's write lock), so it is atomic across processes. PostgreSQL-only SQL
 * (LEAST/GREATEST) is fine here: this book serves the PostgreSQL adapter alone.
 */
var PgBudgets = /** @class */ (function () {
    function PgBudgets(db, ratePerMinute, now, write) {
        this.db = db;
        this.ratePerMinute = ratePerMinute;
        this.now = now;
        this.write = write;
    }
    PgBudgets.prototype.rate = function (kind) {
        return kind === 'post' ? { perMinute: this.ratePerMinute, burst: budgets_js_1.Budgets.BURST } : this.write;
    };
    /** Seconds to wait before a token is available, or 0 when one would be taken now. */
    PgBudgets.prototype.wait = function (kind, agent) {
        return __awaiter(this, void 0, void 0, function () {
            var _a, perMinute, burst, row, tokens;
            return __generator(this, function (_b) {
                switch (_b.label) {
                    case 0:
                        _a = this.rate(kind), perMinute = _a.perMinute, burst = _a.burst;
                        return [4 /*yield*/, this.db.get('SELECT tokens, at FROM budget_buckets WHERE kind = ? AND agent = ?', kind, agent)];
                    case 1:
                        row = _b.sent();
                        tokens = row ? Math.min(burst, row.tokens + Math.max(0, this.now() - row.at) * (perMinute / 60)) : burst;
                        return [2 /*return*/, tokens >= 1 ? 0 : (1 - tokens) / (perMinute / 60)];
                }
            });
        });
    };
    /** Refill and take one token (callers checked `wait` in the same transaction). */
    PgBudgets.prototype.take = function (kind, agent) {
        return __awaiter(this, void 0, void 0, function () {
            var _a, perMinute, burst;
            return __generator(this, function (_b) {
                switch (_b.label) {
                    case 0:
                        _a = this.rate(kind), perMinute = _a.perMinute, burst = _a.burst;
                        return [4 /*yield*/, this.db.run("INSERT INTO budget_buckets (kind, agent, tokens, at) VALUES (?, ?, ?, ?)\n      ON CONFLICT (kind, agent) DO UPDATE SET\n        tokens = LEAST(?, budget_buckets.tokens + GREATEST(0, EXCLUDED.at - budget_buckets.at) * ?) - 1, at = EXCLUDED.at", kind, agent, burst - 1, this.now(), burst, perMinute / 60)];
                    case 1:
                        _b.sent();
                        return [2 /*return*/];
                }
            });
        });
    };
    /**
     * Refill and take one token if one is there, in one atomic statement (the upsert holds the
     * bucket's row lock): 0 when taken, else the seconds to wait. One round trip on the hot path.
     */
    PgBudgets.prototype.tryTake = function (kind, agent) {
        return __awaiter(this, void 0, void 0, function () {
            var _a, perMinute, burst, refill, taken, _b, _c, _d, _e;
            return __generator(this, function (_f) {
                switch (_f.label) {
                    case 0:
                        _a = this.rate(kind), perMinute = _a.perMinute, burst = _a.burst;
                        refill = 'LEAST(?, budget_buckets.tokens + GREATEST(0, EXCLUDED.at - budget_buckets.at) * ?)';
                        return [4 /*yield*/, this.db.get("INSERT INTO budget_buckets (kind, agent, tokens, at) VALUES (?, ?, ?, ?)\n      ON CONFLICT (kind, agent) DO UPDATE SET tokens = ".concat(refill, " - 1, at = EXCLUDED.at WHERE ").concat(refill, " >= 1 RETURNING tokens"), kind, agent, burst - 1, this.now(), burst, perMinute / 60, burst, perMinute / 60)];
                    case 1:
                        taken = _f.sent();
                        if (!taken) return [3 /*break*/, 2];
                        _b = 0;
                        return [3 /*break*/, 4];
                    case 2:
                        _d = (_c = Math).max;
                        _e = [1e-3];
                        return [4 /*yield*/, this.wait(kind, agent)];
                    case 3:
                        _b = _d.apply(_c, _e.concat([_f.sent()]));
                        _f.label = 4;
                    case 4: return [2 /*return*/, _b];
                }
            });
        });
    };
    PgBudgets.prototype.refund = function (kind, agent) {
        return __awaiter(this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0: return [4 /*yield*/, this.db.run('UPDATE budget_buckets SET tokens = LEAST(?, tokens + 1) WHERE kind = ? AND agent = ?', this.rate(kind).burst, kind, agent)];
                    case 1:
                        _a.sent();
                        return [2 /*return*/];
                }
            });
        });
    };
    /** The spends of the last hour, oldest first. */
    PgBudgets.prototype.recent = function (kind, agent) {
        return __awaiter(this, void 0, void 0, function () {
            var rows;
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0: return [4 /*yield*/, this.db.rows('SELECT at FROM budget_spends WHERE kind = ? AND agent = ? AND at > ? ORDER BY at', kind, agent, this.now() - 3600)];
                    case 1:
                        rows = _a.sent();
                        return [2 /*return*/, rows.map(function (r) { return r[0]; })];
                }
            });
        });
    };
    PgBudgets.prototype.spend = function (kind, agent) {
        return __awaiter(this, void 0, void 0, function () {
            var now;
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        now = this.now();
                        return [4 /*yield*/, this.db.run('DELETE FROM budget_spends WHERE kind = ? AND agent = ? AND at <= ?', kind, agent, now - 3600)];
                    case 1:
                        _a.sent();
                        return [4 /*yield*/, this.db.run('INSERT INTO budget_spends (kind, agent, id, at) VALUES (?, ?, ?, ?)', kind, agent, (0, node_crypto_1.randomUUID)(), now)];
                    case 2:
                        _a.sent();
                        return [2 /*return*/];
                }
            });
        });
    };
    PgBudgets.prototype.unspend = function (kind, agent) {
        return __awaiter(this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0: return [4 /*yield*/, this.db.run("DELETE FROM budget_spends WHERE kind = ? AND agent = ? AND id =\n      (SELECT id FROM budget_spends WHERE kind = ? AND agent = ? ORDER BY at DESC LIMIT 1)", kind, agent, kind, agent)];
                    case 1:
                        _a.sent();
                        return [2 /*return*/];
                }
            });
        });
    };
    PgBudgets.prototype.spendPost = function (agent, o) {
        return __awaiter(this, void 0, void 0, function () {
            var wait;
            var _this = this;
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        if (!(!o.critical && o.urgency !== 'interrupt')) return [3 /*break*/, 2];
                        return [4 /*yield*/, this.tryTake('post', agent)];
                    case 1:
                        wait = _a.sent();
                        if (wait > 0)
                            throw budget_book_js_1.refusals.posting(wait);
                        return [2 /*return*/, { urgency: o.urgency, downgraded: false }];
                    case 2: return [2 /*return*/, this.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
                            var wait, list, cw, downgraded, _a, urgency;
                            return __generator(this, function (_b) {
                                switch (_b.label) {
                                    case 0: return [4 /*yield*/, this.wait('post', agent)];
                                    case 1:
                                        wait = _b.sent();
                                        if (wait > 0)
                                            throw budget_book_js_1.refusals.posting(wait);
                                        if (!o.critical) return [3 /*break*/, 3];
                                        if (!o.operator)
                                            throw budget_book_js_1.refusals.criticalNotOperator();
                                        return [4 /*yield*/, this.recent('critical', agent)];
                                    case 2:
                                        list = _b.sent();
                                        cw = list.length < budgets_js_1.Budgets.CRITICALS_PER_HOUR ? 0 : list[0] + 3600 - this.now();
                                        if (cw > 0)
                                            throw budget_book_js_1.refusals.critical(cw);
                                        _b.label = 3;
                                    case 3:
                                        _a = o.urgency === 'interrupt';
                                        if (!_a) return [3 /*break*/, 5];
                                        return [4 /*yield*/, this.recent('interrupt', agent)];
                                    case 4:
                                        _a = (_b.sent()).length >= budgets_js_1.Budgets.INTERRUPTS_PER_HOUR;
                                        _b.label = 5;
                                    case 5:
                                        downgraded = _a;
                                        urgency = downgraded ? 'next_turn' : o.urgency;
                                        return [4 /*yield*/, this.take('post', agent)];
                                    case 6:
                                        _b.sent();
                                        if (!o.critical) return [3 /*break*/, 8];
                                        return [4 /*yield*/, this.spend('critical', agent)];
                                    case 7:
                                        _b.sent();
                                        _b.label = 8;
                                    case 8:
                                        if (!(urgency === 'interrupt')) return [3 /*break*/, 10];
                                        return [4 /*yield*/, this.spend('interrupt', agent)];
                                    case 9:
                                        _b.sent();
                                        _b.label = 10;
                                    case 10: return [2 /*return*/, { urgency: urgency, downgraded: downgraded }];
                                }
                            });
                        }); })];
                }
            });
        });
    };
    PgBudgets.prototype.refundPost = function (agent, o, grant) {
        var _this = this;
        return this.db.tx(function () { return __awaiter(_this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0: return [4 /*yield*/, this.refund('post', agent)];
                    case 1:
                        _a.sent();
                        if (!o.critical) return [3 /*break*/, 3];
                        return [4 /*yield*/, this.unspend('critical', agent)];
                    case 2:
                        _a.sent();
                        _a.label = 3;
                    case 3:
                        if (!(grant.urgency === 'interrupt')) return [3 /*break*/, 5];
                        return [4 /*yield*/, this.unspend('interrupt', agent)];
                    case 4:
                        _a.sent();
                        _a.label = 5;
                    case 5: return [2 /*return*/];
                }
            });
        }); });
    };
    PgBudgets.prototype.spendToken = function (kind, agent, work, refuse) {
        return __awaiter(this, void 0, void 0, function () {
            var wait, err_1;
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0: return [4 /*yield*/, this.tryTake(kind, agent)];
                    case 1:
                        wait = _a.sent();
                        if (wait > 0)
                            throw refuse(wait);
                        _a.label = 2;
                    case 2:
                        _a.trys.push([2, 4, , 6]);
                        return [4 /*yield*/, work()];
                    case 3: return [2 /*return*/, _a.sent()];
                    case 4:
                        err_1 = _a.sent();
                        return [4 /*yield*/, this.refund(kind, agent)];
                    case 5:
                        _a.sent();
                        throw err_1;
                    case 6: return [2 /*return*/];
                }
            });
        });
    };
    PgBudgets.prototype.spendWrite = function (agent, work) {
        return this.spendToken('write', agent, work, budget_book_js_1.refusals.write);
    };
    PgBudgets.prototype.spendPosting = function (agent, work) {
        return this.spendToken('post', agent, work, budget_book_js_1.refusals.posting);
    };
    PgBudgets.prototype.refundWriteToken = function (agent) {
        return this.refund('write', agent);
    };
    return PgBudgets;
}());
exports.PgBudgets = PgBudgets;
