"use strict";
var __assign = (this && this.__assign) || function () {
    __assign = Object.assign || function(t) {
        for (var s, i = 1, n = arguments.length; i < n; i++) {
            s = arguments[i];
            for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p))
                t[p] = s[p];
        }
        return t;
    };
    return __assign.apply(this, arguments);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.createApp = createApp;
exports.mapError = mapError;
var express_1 = require("express");
var protocol_1 = require("@agora/protocol");
var body_js_1 = require("./body.js");
var text_js_1 = require("./text.js");
var respond_js_1 = require("./respond.js");
var openapi_js_1 = require("./openapi.js");
var budgets_js_1 = require("../services/budgets.js");
var agents_js_1 = require("../routes/agents.js");
var channels_js_1 = require("../routes/channels.js");
var messages_js_1 = require("../routes/messages.js");
var inbox_js_1 = require("../routes/inbox.js");
var store_js_1 = require("../routes/store.js");
var fs_js_1 = require("../routes/fs.js");
var ledger_js_1 = require("../routes/ledger.js");
var groups_js_1 = require("../routes/groups.js");
var admin_js_1 = require("../routes/admin.js");
var onboarding_js_1 = require("../routes/onboarding.js");
var blocks_js_1 = require("../routes/blocks.js");
var roster_js_1 = require("../routes/roster.js");
var attachments_js_1 = require("../routes/attachments.js");
var channel_admin_js_1 = require("../routes/channel-admin.js");
var governance_js_1 = require("../routes/governance.js");
var leases_js_1 = require("../routes/leases.js");
var lifecycle_js_1 = require("../routes/lifecycle.js");
var colleagues_js_1 = require("../routes/colleagues.js");
var diagnostics_js_1 = require("../routes/diagnostics.js");
var slow_js_1 = require("../services/diagnostics/slow.js");
var desk_ui_js_1 = require("../routes/desk-ui.js");
var desk_cookie_js_1 = require("./desk-cookie.js");
var work_js_1 = require("../routes/work.js");
var surfaces_js_1 = require("../routes/surfaces.js");
var hub_debts_js_1 = require("../routes/hub-debts.js");
var reputation_js_1 = require("../routes/reputation.js");
var search_js_1 = require("../routes/search.js");
var turn_tokens_js_1 = require("../routes/turn-tokens.js");
/** The express app: our JSON body reader, the route groups, then one error mapper. */
function createApp(ctx) {
    var _a;
    var app = (0, express_1.default)();
    app.disable('x-powered-by');
    app.set('etag', false);
    var slow = new slow_js_1.SlowLog((_a = ctx.opts.slowRequestMs) !== null && _a !== void 0 ? _a : 5000, ctx.now);
    app.use(slow.middleware());
    app.use(text_js_1.urlText);
    app.use(body_js_1.jsonBody);
    app.use((0, desk_cookie_js_1.deskCookie)(ctx));
    app.use((0, desk_ui_js_1.deskUiRoutes)(ctx, ctx.opts.uiDir));
    // lifecycleRoutes before rosterRoutes: GET /agents/retired is not an agent id.
    for (var _i = 0, _b = [agents_js_1.agentRoutes, channels_js_1.channelRoutes, messages_js_1.messageRoutes, inbox_js_1.inboxRoutes, store_js_1.storeRoutes, fs_js_1.fsRoutes, ledger_js_1.ledgerRoutes, groups_js_1.groupRoutes, admin_js_1.adminRoutes, onboarding_js_1.onboardingRoutes, blocks_js_1.blockRoutes, lifecycle_js_1.lifecycleRoutes, roster_js_1.rosterRoutes, attachments_js_1.attachmentRoutes, channel_admin_js_1.channelAdminRoutes, governance_js_1.governanceRoutes, leases_js_1.leaseRoutes, colleagues_js_1.colleagueRoutes, work_js_1.workRoutes, surfaces_js_1.surfaceRoutes, hub_debts_js_1.hubDebtRoutes, reputation_js_1.reputationRoutes, search_js_1.searchRoutes, turn_tokens_js_1.turnTokenRoutes]; _i < _b.length; _i++) {
        var routes = _b[_i];
        app.use(routes(ctx));
    }
    app.use((0, diagnostics_js_1.diagnosticsRoutes)(ctx, slow, ctx.now()));
    // Built on first request, once every route is mounted, from the same schemas the routes validate with.
    var openApi;
    app.get('/openapi.json', function (_req, res) { return (0, respond_js_1.sendJson)(res, (openApi !== null && openApi !== void 0 ? openApi : (openApi = JSON.stringify((0, openapi_js_1.openApiDocument)(app))))); });
    app.use(function (req, res) {
        (0, respond_js_1.send)(res, { detail: "no route ".concat(req.method, " ").concat(req.path, "; see the agora/0.4 endpoint list (GET / for the protocol)") }, 404);
    });
    app.use(function (err, _req, res, _next) {
        var e = mapError(err);
        if (res.headersSent)
            return;
        if (e.retryAfter !== undefined)
            res.setHeader('Retry-After', String(e.retryAfter));
        (0, respond_js_1.send)(res, { detail: e.detail }, e.status);
    });
    return app;
}
/** Every failure becomes a status and a teaching detail; never a stack trace. */
function mapError(err) {
    var _a, _b, _c;
    // Every 429 says when to come back (whole seconds, at least 1), in `Retry-After` and WS `retry_after`.
    if (err instanceof budgets_js_1.RateLimited)
        return { status: 429, detail: err.detail, retryAfter: err.retryAfter };
    if (err instanceof protocol_1.AgoraError)
        return __assign({ status: err.status, detail: err.detail }, (err.status === 429 ? { retryAfter: 1 } : {}));
    var e = err;
    if ((e === null || e === void 0 ? void 0 : e.type) === 'entity.too.large' || (e === null || e === void 0 ? void 0 : e.status) === 413)
        return { status: 413, detail: 'request body is too large; send less' };
    if ((e === null || e === void 0 ? void 0 : e.type) === 'entity.parse.failed')
        return { status: 400, detail: 'request body is not valid JSON; send a JSON object' };
    if (typeof (e === null || e === void 0 ? void 0 : e.code) === 'string' && e.code.startsWith('SQLITE_CONSTRAINT')) {
        return { status: 409, detail: 'that write conflicts with existing data; re-read and retry' };
    }
    if (typeof (e === null || e === void 0 ? void 0 : e.code) === 'string' && e.code === 'SQLITE_BUSY')
        return { status: 503, detail: 'the database is busy; retry shortly' };
    var status = (_a = e === null || e === void 0 ? void 0 : e.status) !== null && _a !== void 0 ? _a : e === null || e === void 0 ? void 0 : e.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500)
        return { status: status, detail: (_b = e.message) !== null && _b !== void 0 ? _b : 'bad request' };
    process.stderr.write("agora hub: unexpected error: ".concat((_c = err === null || err === void 0 ? void 0 : err.stack) !== null && _c !== void 0 ? _c : String(err), "\n"));
    return { status: 500, detail: 'the hub hit an unexpected error handling this request; it was logged, retry or report it' };
}
