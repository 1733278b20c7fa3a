"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.openApiPath = void 0;
exports.servedRoutes = servedRoutes;
/** `:c` and the wildcard `*path` both become `{name}`. */
var openApiPath = function (expressPath) { return expressPath.replace(/[:*]([A-Za-z_]\w*)/g, '{$1}'); };
exports.openApiPath = openApiPath;
/**
 * Every route of the app, read from express's own router stack (nested routers included), so a
 * route added anywhere is listed without anyone remembering to list it.
 */
function servedRoutes(app) {
    var out = [];
    var visit = function (stack) {
        var _a;
        for (var _i = 0, stack_1 = stack; _i < stack_1.length; _i++) {
            var layer = stack_1[_i];
            if (layer.route) {
                for (var _b = 0, _c = Object.entries(layer.route.methods); _b < _c.length; _b++) {
                    var _d = _c[_b], method = _d[0], on = _d[1];
                    if (on && method !== '_all')
                        out.push({ method: method, path: (0, exports.openApiPath)(layer.route.path) });
                }
            }
            else if ((_a = layer.handle) === null || _a === void 0 ? void 0 : _a.stack)
                visit(layer.handle.stack);
        }
    };
    visit(app.router.stack);
    return out;
}
