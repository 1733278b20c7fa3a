"use strict";
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
exports.violations = violations;
exports.dropOptionalNulls = dropOptionalNulls;
exports.validate = validate;
exports.onlyQuery = onlyQuery;
exports.intQuery = intQuery;
exports.floatQuery = floatQuery;
exports.boolQuery = boolQuery;
var ajv_1 = require("ajv");
var protocol_1 = require("@agora/protocol");
var ajv = new ajv_1.Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
/** Every request schema, compiled once at start. */
var compiled = new Map();
for (var _i = 0, _a = Object.entries(protocol_1.REQUESTS); _i < _a.length; _i++) {
    var _b = _a[_i], name_1 = _b[0], schema = _b[1];
    compiled.set(name_1, ajv.compile(schema));
}
function violations(errors, root) {
    return (errors !== null && errors !== void 0 ? errors : []).map(function (e) {
        var _a;
        var loc = __spreadArray([root], e.instancePath.split('/').filter(Boolean).map(function (p) { return (/^\d+$/.test(p) ? Number(p) : p); }), true);
        var params = e.params;
        if (params.missingProperty)
            loc.push(params.missingProperty);
        if (params.additionalProperty)
            loc.push(params.additionalProperty);
        var msg = params.additionalProperty
            ? "unknown field '".concat(String(params.additionalProperty), "'; remove it")
            : params.allowedValues ? "".concat(e.message, ": ").concat(params.allowedValues.join(', ')) : ((_a = e.message) !== null && _a !== void 0 ? _a : 'invalid');
        return { loc: loc, msg: msg, type: e.keyword };
    });
}
function acceptsNull(property) {
    if (!property || typeof property !== 'object')
        return false;
    var p = property;
    if (Object.keys(p).length === 0)
        return true;
    if (p.type === 'null' || (Array.isArray(p.type) && p.type.includes('null')))
        return true;
    return Array.isArray(p.enum) && p.enum.includes(null);
}
/**
 * Clients generated from the reference's pydantic models send every optional field as an explicit
 * `null` (`asks: null`, `expect_version: null`), which pydantic reads as absent. So do we: a `null`
 * on an optional property that has no null meaning of its own is dropped before validation. Required
 * properties and properties whose schema admits null (`reply_to`, `data`, `agent_id`...) keep it.
 */
function dropOptionalNulls(schema, body) {
    var _a;
    if (!body || typeof body !== 'object' || Array.isArray(body) || !schema.properties)
        return body;
    var required = (_a = schema.required) !== null && _a !== void 0 ? _a : [];
    var out = {};
    for (var _i = 0, _b = Object.entries(body); _i < _b.length; _i++) {
        var _c = _b[_i], k = _c[0], v = _c[1];
        var optional = !required.includes(k) && k in schema.properties;
        if (v === null && optional && !acceptsNull(schema.properties[k]))
            continue;
        out[k] = v;
    }
    return out;
}
/** Validate a request body against its protocol schema; a violation is 422 with a `[{loc,msg,type}]` detail list. */
function validate(name, body) {
    var value = body === undefined ? {} : dropOptionalNulls(protocol_1.REQUESTS[name], body);
    var fn = compiled.get(name);
    if (!fn(value))
        throw new protocol_1.AgoraError(422, violations(fn.errors, 'body'));
    return value;
}
/**
 * Refuse query parameters a route does not read (422, like an unknown body field): a misspelt
 * `?limt=5` must not quietly fall back to the default. Routes that read no parameters ignore them, as the reference does.
 */
function onlyQuery(query, allowed) {
    var unknown = Object.keys(query).filter(function (k) { return !allowed.includes(k); });
    if (unknown.length === 0)
        return;
    throw new protocol_1.AgoraError(422, unknown.map(function (k) { return ({ loc: ['query', k], msg: "unknown query parameter '".concat(k, "'; this route takes ").concat(allowed.join(', ')), type: 'additionalProperties' }); }));
}
function queryText(raw) {
    return (Array.isArray(raw) ? String(raw[0]) : String(raw)).trim();
}
/**
 * An integer query parameter with bounds; violations are 422 like the body schemas. It reads what
 * pydantic's lax int parsing reads, so reference clients work unchanged: `5`, `+5` and `5.0`, never `5.5`.
 */
function intQuery(raw, name, def, min, max) {
    if (raw === undefined || raw === '')
        return def;
    var text = queryText(raw);
    var n = Number(text);
    if (!/^[-+]?\d+(\.0*)?$/.test(text) || n < min || n > max) {
        throw new protocol_1.AgoraError(422, [{ loc: ['query', name], msg: "".concat(name, " must be an integer from ").concat(min, " to ").concat(max), type: 'int_range' }]);
    }
    return n;
}
/** A decimal query parameter with bounds (`?wait=2.5`, `?wait=0.0`), read as pydantic reads a float. */
function floatQuery(raw, name, def, min, max) {
    if (raw === undefined || raw === '')
        return def;
    var text = queryText(raw);
    var n = Number(text);
    if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) || !(n >= min && n <= max)) {
        throw new protocol_1.AgoraError(422, [{ loc: ['query', name], msg: "".concat(name, " must be a number of seconds from ").concat(min, " to ").concat(max), type: 'float_range' }]);
    }
    return n;
}
/** A boolean query flag (`?full=true`): true/1, false/0 or absent; anything else is 422, never silently false. */
function boolQuery(raw, name) {
    if (raw === undefined)
        return false;
    var text = Array.isArray(raw) ? String(raw[0]) : String(raw);
    if (text === 'true' || text === '1' || text === '')
        return true;
    if (text === 'false' || text === '0')
        return false;
    throw new protocol_1.AgoraError(422, [{ loc: ['query', name], msg: "".concat(name, " must be true or false"), type: 'bool_parsing' }]);
}
