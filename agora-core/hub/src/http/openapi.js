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
exports.ROUTE_RESPONSES = exports.ROUTE_BODIES = void 0;
exports.refusals = refusals;
exports.openApiDocument = openApiDocument;
var protocol_1 = require("@agora/protocol");
var version_js_1 = require("../version.js");
var routes_list_js_1 = require("./routes-list.js");
/** Which request schema each route validates its JSON body with (the route calls `validate(name, …)`). */
exports.ROUTE_BODIES = {
    'post /agents': 'register',
    'put /me/about': 'about',
    'post /channels': 'createChannel',
    'post /channels/{c}/invites': 'invite',
    'post /channels/{c}/join': 'join',
    'post /dms/{peer}/messages': 'post',
    'post /channels/{c}/messages': 'post',
    'post /inbox/ack': 'ack',
    'put /channels/{c}/store/{key}': 'storePut',
    'put /channels/{c}/fs/{path}': 'fsPut',
    'post /groups': 'group',
    'put /admin/pause': 'pause',
    'post /join-tokens': 'mintJoinToken',
    'post /join': 'join_token',
    'post /hub/blocks': 'block',
    'post /channels/{c}/blocks': 'block',
    'put /agents/{id}/role': 'role',
    'put /admin/agents/{id}/mission': 'mission',
    'put /presence': 'presence',
    'put /channels/{c}/owner': 'owner',
    'put /admin/delegation': 'delegation',
    'put /admin/rules': 'text',
    'put /admin/charter': 'text',
    'post /ui/login-tokens': 'deskLoginToken',
    'post /ui/session': 'deskSession',
    'post /turn-tokens': 'mintTurnToken',
    'post /turn-tokens/redeem': 'redeemTurnToken',
    'post /agents/{id}/retire': 'retire',
    'put /colleagues/{subject}': 'colleagueNote',
    'put /channels/{c}/reputation/{target}': 'reputationVote',
    'put /channels/{c}/messages/{id}/rating': 'rating',
    'post /channels/{c}/messages/{id}/resolve_thread': 'resolveThread',
    'put /admin/embedding': 'embedding',
};
/** The protocol record each route answers with, where protocol has one (`[name]` for a list of them). */
exports.ROUTE_RESPONSES = {
    'get /whoami': 'Whoami',
    'get /channels/{c}/info': 'ChannelInfo',
    'post /dms/{peer}': 'ChannelInfo',
    'post /channels/{c}/messages': 'Message',
    'post /dms/{peer}/messages': 'Message',
    'get /channels/{c}/messages': ['MessageRow'],
    'get /channels/{c}/messages/by-seq/{n}': 'MessageRow',
    'get /channels/{c}/messages/{id}': ['Message'],
    'get /inbox': ['Envelope'],
    'get /owed': 'OwedReport',
    'get /channels/{c}/ledger': 'Ledger',
    'get /channels/{c}/store/{key}': 'StoreEntry',
    'get /channels/{c}/fs/{path}': 'FsFile',
};
/** Routes whose body is raw bytes, not JSON. */
var RAW_BODIES = new Set(['post /channels/{c}/attachments']);
/** Routes that need no key (`POST /join` redeems a join token, which is the credential). */
var PUBLIC = new Set(['get /', 'get /healthz', 'get /openapi.json', 'post /join',
    // The web desk: its static files, and the login exchange whose one-time token is the credential (routes/desk-ui.ts).
    'get /ui', 'get /ui/', 'get /ui/{asset}', 'post /ui/session', 'delete /ui/session']);
/** Statuses a route answers beyond what its shape implies: the desk's files 404 on a hub built without them. */
var EXTRA = { 'get /ui': ['404'], 'get /ui/': ['404'], 'get /ui/{asset}': ['404'], 'post /ui/session': ['401', '403'] };
/** Routes that spend a budget (posts, writes, uploads) and so may answer 429. */
var BUDGETED = new Set(['post /channels/{c}/messages', 'post /dms/{peer}/messages', 'put /channels/{c}/store/{key}', 'put /channels/{c}/fs/{path}', 'delete /channels/{c}/fs/{path}', 'post /channels/{c}/attachments']);
var REASONS = {
    '400': 'a hub rule refuses it; the detail says what to send instead',
    '401': 'no key, or an unknown one',
    '403': 'not allowed: authority, membership, a block or a retired seat',
    '404': 'no such channel, message, seat, key or file',
    '409': 'conflict: CAS version, duplicate, closed or archived channel, charter gate',
    '413': 'over a size cap',
    '422': 'the request does not fit its schema: `detail` is a [{loc, msg, type}] list',
    '423': 'the hub is paused',
    '429': 'over a rate or budget; Retry-After says when to retry',
};
/** The refusal statuses a route can answer with, from its shape: key, path parameters, body, budget. */
function refusals(route, key) {
    var _a, _b;
    var body = exports.ROUTE_BODIES[key] !== undefined || RAW_BODIES.has(key);
    if (PUBLIC.has(key) && !body)
        return __spreadArray([], ((_a = EXTRA[key]) !== null && _a !== void 0 ? _a : []), true);
    var out = new Set(PUBLIC.has(key) ? __spreadArray(['422'], ((_b = EXTRA[key]) !== null && _b !== void 0 ? _b : []), true) : ['401', '403', '422']);
    if (route.path.includes('{'))
        out.add('404');
    if (route.method !== 'get')
        out.add('400').add('409');
    if (body)
        out.add('413');
    if (exports.ROUTE_BODIES[key] === 'post')
        out.add('423');
    if (BUDGETED.has(key))
        out.add('429');
    return __spreadArray([], out, true).sort();
}
var plain = function (schema) { return JSON.parse(JSON.stringify(schema)); };
var schemaName = function (name) { return "".concat(name[0].toUpperCase()).concat(name.slice(1).replace(/_(\w)/g, function (_, c) { return c.toUpperCase(); }), "Request"); };
function operation(route, key) {
    var params = __spreadArray([], route.path.matchAll(/\{(\w+)\}/g), true).map(function (m) { return ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }); });
    var record = exports.ROUTE_RESPONSES[key];
    var ref = function (name) { return ({ $ref: "#/components/schemas/".concat(name) }); };
    var schema = record === undefined ? {} : Array.isArray(record) ? { type: 'array', items: ref(record[0]) } : ref(record);
    var responses = { 200: { description: 'ok', content: { 'application/json': { schema: schema } } } };
    for (var _i = 0, _a = refusals(route, key); _i < _a.length; _i++) {
        var status_1 = _a[_i];
        responses[status_1] = { $ref: "#/components/responses/".concat(status_1) };
    }
    var op = { operationId: key.replace(/[^A-Za-z0-9]+/g, '_').replace(/_$/, ''), responses: responses };
    if (params.length > 0)
        op.parameters = params;
    if (!PUBLIC.has(key))
        op.security = [{ bearer: [] }];
    var body = exports.ROUTE_BODIES[key];
    if (body)
        op.requestBody = { required: false, content: { 'application/json': { schema: { $ref: "#/components/schemas/".concat(schemaName(body)) } } } };
    if (RAW_BODIES.has(key))
        op.requestBody = { required: true, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } };
    return op;
}
/** The OpenAPI 3.1 document of every route the app serves, built from the protocol's schemas. */
function openApiDocument(app) {
    var _a;
    var _b;
    var paths = {};
    for (var _i = 0, _c = (0, routes_list_js_1.servedRoutes)(app); _i < _c.length; _i++) {
        var route = _c[_i];
        var key = "".concat(route.method, " ").concat(route.path);
        ((_a = paths[_b = route.path]) !== null && _a !== void 0 ? _a : (paths[_b] = {}))[route.method] = operation(route, key);
    }
    var schemas = Object.fromEntries(Object.entries(protocol_1.REQUESTS).map(function (_a) {
        var name = _a[0], schema = _a[1];
        return [schemaName(name), plain(schema)];
    }));
    var refusal = { type: 'object', required: ['detail'], properties: { detail: {} } };
    schemas.Refusal = refusal;
    for (var _d = 0, _e = Object.entries(protocol_1.RECORDS); _d < _e.length; _d++) {
        var _f = _e[_d], name_1 = _f[0], schema = _f[1];
        schemas[name_1] = plain(schema);
    }
    var responses = Object.fromEntries(Object.entries(REASONS).map(function (_a) {
        var status = _a[0], description = _a[1];
        return [status, { description: description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Refusal' } } } }];
    }));
    return {
        openapi: '3.1.0',
        info: { title: 'agora hub', version: version_js_1.HUB_VERSION, summary: "the ".concat(protocol_1.PROTOCOL, " wire") },
        paths: paths,
        components: { schemas: schemas, responses: responses, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    };
}
