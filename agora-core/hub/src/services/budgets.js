"use strict";
var __extends = (this && this.__extends) || (function () {
    var extendStatics = function (d, b) {
        extendStatics = Object.setPrototypeOf ||
            ({ __proto__: [] } instanceof Array && function (d, b) { d.__proto__ = b; }) ||
            function (d, b) { for (var p in b) if (Object.prototype.hasOwnProperty.call(b, p)) d[p] = b[p]; };
        return extendStatics(d, b);
    };
    return function (d, b) {
        if (typeof b !== "function" && b !== null)
            throw new TypeError("Class extends value " + String(b) + " is not a constructor or null");
        extendStatics(d, b);
        function __() { this.constructor = d; }
        d.prototype = b === null ? Object.create(b) : (__.prototype = b.prototype, new __());
    };
})();
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
exports.Budgets = exports.RateLimited = void 0;
exports.retryAfterSeconds = retryAfterSeconds;
var protocol_1 = require("@agora/protocol");
var budget_book_js_1 = require("./budget-book.js");
/** A 429 that knows when to come back: the HTTP layer sends it as `Retry-After`, WS as `retry_after`. */
var RateLimited = /** @class */ (function (_super) {
    __extends(RateLimited, _super);
    function RateLimited(detail, waitSeconds) {
        var _this = _super.call(this, 429, detail) || this;
        _this.retryAfter = retryAfterSeconds(waitSeconds);
        return _this;
    }
    return RateLimited;
}(protocol_1.AgoraError));
exports.RateLimited = RateLimited;
function retryAfterSeconds(waitSeconds) {
    return Number.isFinite(waitSeconds) ? Math.max(1, Math.ceil(waitSeconds)) : 1;
}
/** A per-agent token bucket: `burst` tokens, refilled at `perMinute`. */
var TokenBuckets = /** @class */ (function () {
    function TokenBuckets(perMinute, burst, now) {
        this.perMinute = perMinute;
        this.burst = burst;
        this.now = now;
        this.buckets = new Map();
    }
    /** Seconds to wait before a token is available, or 0 when one would be taken now. */
    TokenBuckets.prototype.wait = function (agent) {
        var b = this.refill(agent);
        return b.tokens >= 1 ? 0 : (1 - b.tokens) / (this.perMinute / 60);
    };
    TokenBuckets.prototype.take = function (agent) {
        this.refill(agent).tokens -= 1;
    };
    /** Give back a token taken for a request that was then refused (it wrote nothing). */
    TokenBuckets.prototype.refund = function (agent) {
        var b = this.refill(agent);
        b.tokens = Math.min(this.burst, b.tokens + 1);
    };
    TokenBuckets.prototype.refill = function (agent) {
        var t = this.now();
        var b = this.buckets.get(agent);
        if (!b) {
            b = { tokens: this.burst, at: t };
            this.buckets.set(agent, b);
        }
        b.tokens = Math.min(this.burst, b.tokens + Math.max(0, t - b.at) * (this.perMinute / 60));
        b.at = t;
        return b;
    };
    return TokenBuckets;
}());
/**
 * In-memory per-sender limits (docs/protocol.md#escalation): the posting token bucket, interrupt and critical budgets, and
 * the write bucket for fs and store writes (each appends a ledger row, so they cost like posts).
 */
var Budgets = /** @class */ (function () {
    function Budgets(ratePerMinute, now, write) {
        this.now = now;
        this.interrupts = new Map();
        this.criticals = new Map();
        this.posting = new TokenBuckets(ratePerMinute, Budgets.BURST, now);
        this.writes = new TokenBuckets(write.perMinute, write.burst, now);
    }
    /**
     * The post pipeline's budget step (BudgetBook): every check and spend runs synchronously before
     * the returned promise settles, so nothing interleaves: 429 on an empty bucket, 403/429 for a
     * critical, an interrupt past its budget downgraded to next_turn.
     */
    Budgets.prototype.spendPost = function (agent, o) {
        return __awaiter(this, void 0, void 0, function () {
            var wait, cw, downgraded, urgency;
            return __generator(this, function (_a) {
                wait = this.posting.wait(agent);
                if (wait > 0)
                    throw budget_book_js_1.refusals.posting(wait);
                if (o.critical) {
                    if (!o.operator)
                        throw budget_book_js_1.refusals.criticalNotOperator();
                    cw = this.criticalWait(agent);
                    if (cw > 0)
                        throw budget_book_js_1.refusals.critical(cw);
                }
                downgraded = o.urgency === 'interrupt' && !this.interruptAvailable(agent);
                urgency = downgraded ? 'next_turn' : o.urgency;
                this.posting.take(agent);
                if (o.critical)
                    this.spendCritical(agent);
                if (urgency === 'interrupt')
                    this.spendInterrupt(agent);
                return [2 /*return*/, { urgency: urgency, downgraded: downgraded }];
            });
        });
    };
    /** Give back what spendPost took for a post that was then refused. */
    Budgets.prototype.refundPost = function (agent, o, grant) {
        return __awaiter(this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                this.posting.refund(agent);
                if (o.critical)
                    this.refundCritical(agent);
                if (grant.urgency === 'interrupt')
                    this.refundInterrupt(agent);
                return [2 /*return*/];
            });
        });
    };
    /** Seconds to wait before a token is available, or 0 when one would be taken now. */
    Budgets.prototype.postingWait = function (agent) {
        return this.posting.wait(agent);
    };
    Budgets.prototype.takePostingToken = function (agent) {
        this.posting.take(agent);
    };
    /** Refuse with 429 (and the time to come back) when the seat's posting bucket is empty. */
    Budgets.prototype.requirePostingToken = function (agent) {
        var wait = this.posting.wait(agent);
        if (wait > 0)
            throw new RateLimited("posting rate limit reached; retry in ".concat(Math.max(0.1, wait).toFixed(1), "s"), wait);
    };
    /** Refuse with 429 when the seat's fs/store write bucket is empty; the caller takes the token after the write. */
    Budgets.prototype.requireWriteToken = function (agent) {
        var wait = this.writes.wait(agent);
        if (wait > 0) {
            throw new RateLimited("write rate limit reached (fs and store writes); retry in ".concat(Math.max(0.1, wait).toFixed(1), "s, or batch changes into fewer writes"), wait);
        }
    };
    Budgets.prototype.takeWriteToken = function (agent) {
        this.writes.take(agent);
    };
    Budgets.prototype.refundWriteToken = function (agent) {
        this.writes.refund(agent);
    };
    Budgets.prototype.refundPostingToken = function (agent) {
        this.posting.refund(agent);
    };
    /**
     * Check, take a write token, and run the write: the token is taken before the first await, so
     * concurrent writes from one seat cannot all pass the check; a refused write gets it back.
     */
    Budgets.prototype.spendWrite = function (agent, write) {
        return __awaiter(this, void 0, void 0, function () {
            var err_1;
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        this.requireWriteToken(agent);
                        this.writes.take(agent);
                        _a.label = 1;
                    case 1:
                        _a.trys.push([1, 3, , 4]);
                        return [4 /*yield*/, write()];
                    case 2: return [2 /*return*/, _a.sent()];
                    case 3:
                        err_1 = _a.sent();
                        this.writes.refund(agent);
                        throw err_1;
                    case 4: return [2 /*return*/];
                }
            });
        });
    };
    /** The same for the posting bucket (attachments draw from it). */
    Budgets.prototype.spendPosting = function (agent, write) {
        return __awaiter(this, void 0, void 0, function () {
            var err_2;
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        this.requirePostingToken(agent);
                        this.posting.take(agent);
                        _a.label = 1;
                    case 1:
                        _a.trys.push([1, 3, , 4]);
                        return [4 /*yield*/, write()];
                    case 2: return [2 /*return*/, _a.sent()];
                    case 3:
                        err_2 = _a.sent();
                        this.posting.refund(agent);
                        throw err_2;
                    case 4: return [2 /*return*/];
                }
            });
        });
    };
    Budgets.prototype.recent = function (map, agent) {
        var _a;
        var cutoff = this.now() - 3600;
        var list = ((_a = map.get(agent)) !== null && _a !== void 0 ? _a : []).filter(function (x) { return x > cutoff; });
        map.set(agent, list);
        return list;
    };
    Budgets.prototype.interruptAvailable = function (agent) {
        return this.recent(this.interrupts, agent).length < Budgets.INTERRUPTS_PER_HOUR;
    };
    Budgets.prototype.spendInterrupt = function (agent) {
        this.recent(this.interrupts, agent).push(this.now());
    };
    Budgets.prototype.refundInterrupt = function (agent) {
        var _a;
        (_a = this.interrupts.get(agent)) === null || _a === void 0 ? void 0 : _a.pop();
    };
    Budgets.prototype.refundCritical = function (agent) {
        var _a;
        (_a = this.criticals.get(agent)) === null || _a === void 0 ? void 0 : _a.pop();
    };
    Budgets.prototype.criticalAvailable = function (agent) {
        return this.recent(this.criticals, agent).length < Budgets.CRITICALS_PER_HOUR;
    };
    /** Seconds until the oldest critical of the last hour leaves the window. */
    Budgets.prototype.criticalWait = function (agent) {
        var list = this.recent(this.criticals, agent);
        return list.length < Budgets.CRITICALS_PER_HOUR ? 0 : list[0] + 3600 - this.now();
    };
    Budgets.prototype.spendCritical = function (agent) {
        this.recent(this.criticals, agent).push(this.now());
    };
    Budgets.BURST = 20;
    Budgets.INTERRUPTS_PER_HOUR = 6;
    Budgets.CRITICALS_PER_HOUR = 5;
    return Budgets;
}());
exports.Budgets = Budgets;
