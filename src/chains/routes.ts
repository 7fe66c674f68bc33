/**
 * The former name of `attestkit/chains`, kept so that code written against `attestkit/routes` keeps
 * working. It exports exactly what `attestkit/chains` exports.
 *
 * @deprecated Import from `attestkit/chains`; the `attestkit/routes` subpath will be removed in a
 * later major version.
 * @module
 */
export * from "./index.js";
