/**
 * The devnet dashboard, served at `GET /` with its script and style under `/devnet/` and its icon at
 * `/favicon.ico`: plain DOM, no dependency and no build step. It polls, one call at a time and only
 * while the tab is visible, `GET /devnet/requests` every second and `GET /devnet/overview` and
 * `GET /devnet/webhooks` every two seconds, and shows:
 * - the chains with their block heights, and the current price of every currency (its change since
 *   the devnet started is shown beside it);
 * - every request (the newest 200) with its status timeline, amounts, referrer and reasons (an
 *   unpaid quote past its deadline as `expired`, with when);
 * - the selected request (the newest, until a row is clicked or the page is opened at a request's
 *   link, `/#request=0x…`, which the address keeps): timeline, attestation and order verdicts,
 *   terms, deposit, fill and refund transactions, its webhook deliveries;
 * - the outbox: every webhook delivery, its last result in words (the raw error on hover), with a
 *   replay button on failed ones (`POST /devnet/webhooks/{id}/replay`, no body);
 * - the funded accounts (EVM, Bitcoin, exchange) and the contracts, with their balances.
 *
 * The page, its script, style and icon are files of their own beside this one (`assets/`: the
 * script is plain browser JavaScript, linted and type-checked through its JSDoc by
 * `npm run typecheck`), read once when this module loads; the build copies them next to the
 * compiled module.
 *
 * Every string that comes from the devnet (referrers, reasons, URLs, results) is set as text or as an
 * attribute value, never parsed as HTML, and the page's content security policy runs no script but
 * `/devnet/dashboard.js`.
 */
import { readFileSync } from "node:fs";

const asset = (name: string) => readFileSync(new URL(`./assets/${name}`, import.meta.url), "utf8");

/** The page served at `GET /` (assets/index.html). */
export const dashboardHtml = asset("index.html");

/** The page may load its own script, style and icon and call its own origin (HTTP and websocket), nothing else. */
export const dashboardContentSecurityPolicy =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The icon at `/favicon.ico` (assets/favicon.svg; browsers take it by its content type). */
export const dashboardFavicon = asset("favicon.svg");

/** The style at `GET /devnet/dashboard.css` (assets/dashboard.css). */
export const dashboardCss = asset("dashboard.css");

/** The script at `GET /devnet/dashboard.js` (assets/dashboard.js). */
export const dashboardJs = asset("dashboard.js");
