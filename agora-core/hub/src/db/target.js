"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DB_FORMS = void 0;
exports.parseDbTarget = parseDbTarget;
exports.redact = redact;
exports.selectDb = selectDb;
exports.DB_FORMS = "a SQLite file path (./agora.db), ':memory:', or a PostgreSQL URL (postgres://user@host:5432/agora)";
/**
 * A value with a URL scheme is a database URL, and only postgres:// and postgresql:// are
 * served; anything else with a scheme (mysql://, file:, `postgres:` without //) is refused
 * rather than taken as a relative path, which once created a directory named `postgres:`.
 */
function parseDbTarget(value) {
    var v = value.trim();
    if (!v)
        throw new Error("no database given: pass ".concat(exports.DB_FORMS));
    if (v === ':memory:')
        return { kind: 'sqlite', filename: v };
    var scheme = /^([a-z][a-z0-9+.-]+):/i.exec(v);
    if (!scheme)
        return { kind: 'sqlite', filename: value };
    var name = scheme[1].toLowerCase();
    if ((name === 'postgres' || name === 'postgresql') && v.startsWith("".concat(scheme[1], "://"))) {
        var url = void 0;
        try {
            url = new URL(v);
        }
        catch (_a) {
            throw new Error("database URL '".concat(redact(v), "' does not parse; write it as postgres://user@host:5432/agora"));
        }
        if (!url.hostname && !url.searchParams.get('host'))
            throw new Error("database URL '".concat(redact(v), "' names no host; write it as postgres://user@host:5432/agora"));
        if (url.pathname.length <= 1)
            throw new Error("database URL '".concat(redact(v), "' names no database; write it as postgres://user@host:5432/agora"));
        return { kind: 'postgres', url: v };
    }
    throw new Error("database '".concat(redact(v), "' is not supported: pass ").concat(exports.DB_FORMS));
}
/** The URL with any password masked, for messages and logs. */
function redact(url) {
    return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):[^@/]*@/i, '$1:***@');
}
/** The target of the hub's `db` option, checked against its `client` option when one is given. */
function selectDb(db, client) {
    var target = parseDbTarget(db);
    var wanted = target.kind === 'postgres' ? 'pg' : 'better-sqlite3';
    if (client !== undefined && client !== wanted) {
        if (client !== 'pg' && client !== 'better-sqlite3') {
            throw new Error("database client '".concat(client, "' is not supported: use 'better-sqlite3' with a SQLite file, or 'pg' with a postgres:// URL"));
        }
        throw new Error("database client '".concat(client, "' does not match db '").concat(redact(db), "': 'pg' takes a postgres:// URL, 'better-sqlite3' a SQLite file path"));
    }
    return target;
}
