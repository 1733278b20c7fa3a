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
exports.Backlog = exports.BACKLOG_PAGE = void 0;
/** Rows read per query, and the unflushed backlog frames at which reading pauses. */
exports.BACKLOG_PAGE = 500;
/**
 * One connection's `since` backlogs, read page by page to exhaustion, channel by channel in the
 * order subscribed. A channel stays held while queued here: its live frames are not pushed, because
 * the reader reaches them in the database, so the channel's frames go out in seq order. Reading
 * pauses while a page is unflushed (a slow reader costs the hub one page, not the whole backlog)
 * and yields to the event loop between pages. A read is async, so a post may commit between the
 * read and its result: a live push skipped while the channel was held is remembered, and the
 * channel is released only once the reader has reached it, so nothing falls between the two.
 */
var Backlog = /** @class */ (function () {
    function Backlog(port) {
        this.port = port;
        /** channel -> highest seq read so far (its since before the first read). */
        this.queue = new Map();
        this.unflushed = 0;
        this.waiting = false;
        this.scheduled = false;
        this.running = false;
        /** channel -> highest seq a live push skipped while the channel was held. */
        this.skipped = new Map();
    }
    /** Queue channels with their since; a channel already queued reads from the lower of the two. */
    Backlog.prototype.add = function (since) {
        for (var _i = 0, since_1 = since; _i < since_1.length; _i++) {
            var _a = since_1[_i], channel = _a[0], seq = _a[1];
            var queued = this.queue.get(channel);
            this.queue.set(channel, queued === undefined ? seq : Math.min(queued, seq));
        }
    };
    /** Whether the reader will still reach this seq, so a live push of it must wait. */
    Backlog.prototype.holds = function (channel, seq) {
        var _a;
        var after = this.queue.get(channel);
        var held = after !== undefined && seq > after;
        if (held && seq > ((_a = this.skipped.get(channel)) !== null && _a !== void 0 ? _a : 0))
            this.skipped.set(channel, seq);
        return held;
    };
    /** A frame of this connection was queued on the socket; flushed() follows once it is written. */
    Backlog.prototype.sending = function () {
        this.unflushed++;
    };
    Backlog.prototype.flushed = function () {
        this.unflushed--;
        if (this.waiting && this.unflushed < exports.BACKLOG_PAGE / 2) {
            this.waiting = false;
            this.schedule();
        }
    };
    /** Read up to one page now (so a short backlog directly follows `subscribed`), the rest later. */
    Backlog.prototype.pump = function () {
        return __awaiter(this, void 0, void 0, function () {
            var read, _a, channel, after_1, rows, last, _i, rows_1, m, err_1;
            var _b, _c, _d;
            return __generator(this, function (_e) {
                switch (_e.label) {
                    case 0:
                        this.scheduled = false;
                        if (this.running)
                            return [2 /*return*/];
                        this.running = true;
                        _e.label = 1;
                    case 1:
                        _e.trys.push([1, 5, 6, 7]);
                        read = 0;
                        _e.label = 2;
                    case 2:
                        if (!(this.queue.size > 0 && this.port.open())) return [3 /*break*/, 4];
                        if (this.unflushed >= exports.BACKLOG_PAGE) {
                            this.waiting = true;
                            return [2 /*return*/];
                        }
                        if (read >= exports.BACKLOG_PAGE)
                            return [2 /*return*/, this.schedule()];
                        _a = this.queue.entries().next().value, channel = _a[0], after_1 = _a[1];
                        return [4 /*yield*/, this.port.read(channel, Math.min(after_1, (_b = this.queue.get(channel)) !== null && _b !== void 0 ? _b : after_1), exports.BACKLOG_PAGE)];
                    case 3:
                        rows = _e.sent();
                        read += rows.length;
                        last = (_c = this.queue.get(channel)) !== null && _c !== void 0 ? _c : after_1;
                        for (_i = 0, rows_1 = rows; _i < rows_1.length; _i++) {
                            m = rows_1[_i];
                            if (m.seq <= last)
                                continue;
                            last = m.seq;
                            this.queue.set(channel, m.seq);
                            this.port.deliver(m);
                        }
                        // Released only when nothing a live push skipped lies beyond what was read; else read on.
                        if (rows.length < exports.BACKLOG_PAGE && ((_d = this.skipped.get(channel)) !== null && _d !== void 0 ? _d : 0) <= last) {
                            this.queue.delete(channel);
                            this.skipped.delete(channel);
                        }
                        return [3 /*break*/, 2];
                    case 4: return [3 /*break*/, 7];
                    case 5:
                        err_1 = _e.sent();
                        this.port.fail(err_1);
                        return [3 /*break*/, 7];
                    case 6:
                        this.running = false;
                        return [7 /*endfinally*/];
                    case 7: return [2 /*return*/];
                }
            });
        });
    };
    Backlog.prototype.schedule = function () {
        var _this = this;
        if (this.scheduled)
            return;
        this.scheduled = true;
        setImmediate(function () { return void _this.pump(); });
    };
    return Backlog;
}());
exports.Backlog = Backlog;
