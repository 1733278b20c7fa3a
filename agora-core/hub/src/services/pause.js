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
exports.pauses = pauses;
exports.currentPause = currentPause;
exports.isPaused = isPaused;
exports.hubState = hubState;
exports.pausedOverlap = pausedOverlap;
exports.overlapOf = overlapOf;
exports.startPause = startPause;
exports.endPause = endPause;
/** Every pause, from the memo (`ctx.pauseCache`) once loaded. */
function pauses(ctx) {
    return __awaiter(this, void 0, void 0, function () {
        var _a, _b;
        var _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    if (!((_c = ctx.pauseCache) !== null && _c !== void 0)) return [3 /*break*/, 1];
                    _a = _c;
                    return [3 /*break*/, 3];
                case 1:
                    _b = ctx;
                    return [4 /*yield*/, ctx.db.all('SELECT since, until, reason, "by" FROM hub_pauses ORDER BY id')];
                case 2:
                    _a = (_b.pauseCache = _d.sent());
                    _d.label = 3;
                case 3:
                    _a;
                    return [2 /*return*/, ctx.pauseCache];
            }
        });
    });
}
function currentPause(ctx) {
    return __awaiter(this, void 0, void 0, function () {
        var list, i;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, pauses(ctx)];
                case 1:
                    list = _a.sent();
                    for (i = list.length - 1; i >= 0; i--)
                        if (list[i].until == null)
                            return [2 /*return*/, list[i]];
                    return [2 /*return*/, undefined];
            }
        });
    });
}
function isPaused(ctx) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, currentPause(ctx)];
                case 1: return [2 /*return*/, (_a.sent()) !== undefined];
            }
        });
    });
}
function hubState(ctx) {
    return __awaiter(this, void 0, void 0, function () {
        var p;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, currentPause(ctx)];
                case 1:
                    p = _a.sent();
                    return [2 /*return*/, p ? { state: 'paused', since: p.since, reason: p.reason, by: p.by } : { state: 'open' }];
            }
        });
    });
}
/** Seconds of [from, to] that fell inside a pause: obligation ages do not grow while paused. */
function pausedOverlap(ctx, from, to) {
    return __awaiter(this, void 0, void 0, function () {
        var _a, _b;
        var _c;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0:
                    _a = overlapOf;
                    if (!((_c = ctx.pauseCache) !== null && _c !== void 0)) return [3 /*break*/, 1];
                    _b = _c;
                    return [3 /*break*/, 3];
                case 1: return [4 /*yield*/, pauses(ctx)];
                case 2:
                    _b = _d.sent();
                    _d.label = 3;
                case 3: return [2 /*return*/, _a.apply(void 0, [_b, from, to])];
            }
        });
    });
}
/** pausedOverlap over rows already in hand (synchronous: the envelope builder calls it per message). */
function overlapOf(list, from, to) {
    var _a;
    var total = 0;
    for (var _i = 0, list_1 = list; _i < list_1.length; _i++) {
        var r = list_1[_i];
        if (r.since >= to || (r.until != null && r.until <= from))
            continue;
        total += Math.max(0, Math.min(to, (_a = r.until) !== null && _a !== void 0 ? _a : to) - Math.max(from, r.since));
    }
    return total;
}
/** Start a pause (idempotent: an open pause is returned as is). Admin key only, checked by the route. */
function startPause(ctx, reason, by) {
    return __awaiter(this, void 0, void 0, function () {
        var open;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, currentPause(ctx)];
                case 1:
                    open = _a.sent();
                    if (open)
                        return [2 /*return*/, open];
                    return [4 /*yield*/, ctx.db.run('INSERT INTO hub_pauses (since, reason, "by") VALUES (?, ?, ?)', ctx.now(), reason, by)];
                case 2:
                    _a.sent();
                    ctx.pauseCache = null;
                    return [4 /*yield*/, currentPause(ctx)];
                case 3: return [2 /*return*/, _a.sent()];
            }
        });
    });
}
function endPause(ctx) {
    return __awaiter(this, void 0, void 0, function () {
        var open;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, currentPause(ctx)];
                case 1:
                    open = _a.sent();
                    if (!open)
                        return [2 /*return*/, false];
                    return [4 /*yield*/, ctx.db.run('UPDATE hub_pauses SET until = ? WHERE until IS NULL', ctx.now())];
                case 2:
                    _a.sent();
                    ctx.pauseCache = null;
                    return [2 /*return*/, true];
            }
        });
    });
}
