"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Statements = void 0;
/** Prepared statements on the hub's one connection, prepared once per SQL text (used only by SqliteStorage). */
var Statements = /** @class */ (function () {
    function Statements(sql) {
        this.sql = sql;
        this.cache = new Map();
    }
    Statements.prototype.prep = function (text) {
        var s = this.cache.get(text);
        if (!s) {
            s = this.sql.prepare(text);
            this.cache.set(text, s);
        }
        return s;
    };
    /** Rows as arrays (better-sqlite3 raw mode): about half the cost of building row objects. */
    Statements.prototype.rawAll = function (text) {
        var params = [];
        for (var _i = 1; _i < arguments.length; _i++) {
            params[_i - 1] = arguments[_i];
        }
        var key = "raw:".concat(text);
        var s = this.cache.get(key);
        if (!s) {
            s = this.sql.prepare(text).raw(true);
            this.cache.set(key, s);
        }
        return s.all.apply(s, params);
    };
    Statements.prototype.get = function (text) {
        var _a;
        var params = [];
        for (var _i = 1; _i < arguments.length; _i++) {
            params[_i - 1] = arguments[_i];
        }
        return (_a = this.prep(text)).get.apply(_a, params);
    };
    Statements.prototype.all = function (text) {
        var _a;
        var params = [];
        for (var _i = 1; _i < arguments.length; _i++) {
            params[_i - 1] = arguments[_i];
        }
        return (_a = this.prep(text)).all.apply(_a, params);
    };
    Statements.prototype.run = function (text) {
        var _a;
        var params = [];
        for (var _i = 1; _i < arguments.length; _i++) {
            params[_i - 1] = arguments[_i];
        }
        return (_a = this.prep(text)).run.apply(_a, params);
    };
    return Statements;
}());
exports.Statements = Statements;
