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
exports.Guards = exports.GUARD_PREFIX = void 0;
/** Every sweep's re-alert guard lives in `meta` under this prefix, so a restart neither repeats nor forgets an alert. */
exports.GUARD_PREFIX = 'sweep:';
/**
 * The guards of one sweep pass: read in one query at the start, written back row by row only when
 * they changed. Values are JSON; a deleted guard is removed from `meta`.
 */
var Guards = /** @class */ (function () {
    function Guards(ctx, rows) {
        this.ctx = ctx;
        this.rows = rows;
    }
    Guards.load = function (ctx) {
        return __awaiter(this, void 0, void 0, function () {
            var list, rows, _i, list_1, r;
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0: return [4 /*yield*/, ctx.db.all('SELECT key, value FROM meta WHERE key LIKE ?', "".concat(exports.GUARD_PREFIX, "%"))];
                    case 1:
                        list = _a.sent();
                        rows = new Map();
                        for (_i = 0, list_1 = list; _i < list_1.length; _i++) {
                            r = list_1[_i];
                            try {
                                rows.set(r.key.slice(exports.GUARD_PREFIX.length), JSON.parse(r.value));
                            }
                            catch (_b) {
                                // a guard someone hand-edited into bad JSON counts as absent; the next write repairs it
                            }
                        }
                        return [2 /*return*/, new Guards(ctx, rows)];
                }
            });
        });
    };
    Guards.prototype.get = function (name) {
        return this.rows.get(name);
    };
    /** Names under a prefix (e.g. every seat's wake record), for clean-up of rows whose subject is gone. */
    Guards.prototype.names = function (prefix) {
        return __spreadArray([], this.rows.keys(), true).filter(function (k) { return k.startsWith(prefix); });
    };
    Guards.prototype.set = function (name, value) {
        return __awaiter(this, void 0, void 0, function () {
            var text;
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        text = JSON.stringify(value);
                        if (this.rows.has(name) && JSON.stringify(this.rows.get(name)) === text)
                            return [2 /*return*/];
                        this.rows.set(name, value);
                        return [4 /*yield*/, this.ctx.db.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', exports.GUARD_PREFIX + name, text)];
                    case 1:
                        _a.sent();
                        return [2 /*return*/];
                }
            });
        });
    };
    Guards.prototype.delete = function (name) {
        return __awaiter(this, void 0, void 0, function () {
            return __generator(this, function (_a) {
                switch (_a.label) {
                    case 0:
                        if (!this.rows.has(name))
                            return [2 /*return*/];
                        this.rows.delete(name);
                        return [4 /*yield*/, this.ctx.db.run('DELETE FROM meta WHERE key = ?', exports.GUARD_PREFIX + name)];
                    case 1:
                        _a.sent();
                        return [2 /*return*/];
                }
            });
        });
    };
    return Guards;
}());
exports.Guards = Guards;
