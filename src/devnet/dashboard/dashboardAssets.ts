/**
 * The devnet dashboard, served at `GET /` with its script and style under `/devnet/` and its icon at
 * `/favicon.ico`: plain DOM, no dependency and no build step. It polls, one call at a time and only
 * while the tab is visible, `GET /devnet/requests` every second and `GET /devnet/overview` and
 * `GET /devnet/webhooks` every two seconds, and shows:
 * - the chains with their block heights, and the current price of every currency (a change since the
 *   page was opened is shown beside it);
 * - every request (the newest 200) with its status timeline, amounts, referrer and reasons;
 * - the selected request (the newest, until a row is clicked): timeline, attestation and order
 *   verdicts, terms, deposit, fill and refund transactions, its webhook deliveries;
 * - the outbox: every webhook delivery, with a replay button on failed ones
 *   (`POST /devnet/webhooks/{id}/replay`, no body);
 * - the funded accounts (EVM, Bitcoin, exchange) and the contracts, with their balances.
 *
 * Every string that comes from the devnet (referrers, reasons, URLs, results) is set as text or as an
 * attribute value, never parsed as HTML, and the page's content security policy runs no script but
 * `/devnet/dashboard.js`.
 */
export const dashboardHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>attestkit devnet</title>
<link rel="icon" type="image/svg+xml" href="/favicon.ico">
<link rel="stylesheet" href="/devnet/dashboard.css">
</head>
<body>
<header>
  <h1><img src="/favicon.ico" alt="" width="20" height="20"> attestkit devnet</h1>
  <div id="info">loading…</div>
  <div id="live" title="requests every second, the rest every two seconds">● live</div>
</header>
<main>
  <section id="chains-panel" class="panel">
    <h2>Chains</h2>
    <div id="chains" class="cards"><p class="muted">loading…</p></div>
  </section>
  <section id="prices-panel" class="panel">
    <h2>Prices <span class="muted small">USD per unit, change since this page opened</span></h2>
    <div class="scroll"><table id="prices"><thead><tr><th>currency</th><th>chain</th><th class="num">price</th><th>change</th></tr></thead><tbody></tbody></table></div>
  </section>
  <div id="activity">
    <section id="requests-panel" class="panel">
      <h2>Requests <span id="count" class="muted"></span>
        <label class="follow"><input type="checkbox" id="follow" checked> follow the newest <span id="newer" class="muted"></span></label>
      </h2>
      <div class="scroll tall">
        <table id="requests" hidden>
          <thead><tr><th>created</th><th>request</th><th>amounts</th><th>timeline and reason</th></tr></thead>
          <tbody></tbody>
        </table>
      </div>
      <p id="empty">No request yet: ask for a quote (POST /quote/v2) or run <code>attestkit devnet trigger success</code>.</p>
    </section>
    <section id="outbox-panel" class="panel">
      <h2>Outbox <span id="outbox-summary" class="muted"></span></h2>
      <div class="scroll tall">
        <table id="outbox" hidden>
          <thead><tr><th>event and endpoint</th><th>request</th><th>state</th><th class="num">attempts</th><th>last result</th><th></th></tr></thead>
          <tbody></tbody>
        </table>
      </div>
      <p id="outbox-empty" class="muted">No webhook delivery yet: quote with an <code>x-api-key</code> that has an endpoint.</p>
    </section>
  </div>
  <section id="detail-panel" class="panel"><p class="muted">Select a request.</p></section>
  <section id="accounts-panel" class="panel">
    <h2>Accounts <span class="muted small">public test keys: GET /devnet/info</span></h2>
    <div class="blocks">
      <div class="block wide"><h3>EVM</h3><div class="scroll"><table id="accounts-evm"><thead></thead><tbody></tbody></table></div></div>
      <div class="block"><h3>Bitcoin</h3><div class="scroll"><table id="accounts-bitcoin"><thead></thead><tbody></tbody></table></div></div>
      <div class="block narrow"><h3>Exchange</h3><div class="scroll"><table id="accounts-exchange"><thead></thead><tbody></tbody></table></div></div>
    </div>
  </section>
  <section id="contracts-panel" class="panel">
    <h2>Contracts</h2>
    <div class="scroll"><table id="contracts"><thead></thead><tbody></tbody></table></div>
  </section>
</main>
<script src="/devnet/dashboard.js"></script>
</body>
</html>
`;

/** The page may load its own script, style and icon and call its own origin (HTTP and websocket), nothing else. */
export const dashboardContentSecurityPolicy =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The icon at `/favicon.ico` (SVG: browsers take it by its content type). */
export const dashboardFavicon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="7" fill="#238636"/><path d="M9 16.5l4.5 4.5L23 11" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/></svg>
`;

export const dashboardCss = `:root { --bg: #0f1419; --panel: #182028; --line: #2a3440; --text: #e6edf3; --muted: #8b98a5;
  --ok: #3fb950; --bad: #f85149; --warn: #d29922; --info: #58a6ff; font-family: ui-sans-serif, system-ui, sans-serif; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); font-size: 14px; }
header { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 24px; padding: 10px 20px; border-bottom: 1px solid var(--line); }
h1 { font-size: 18px; margin: 0; display: flex; align-items: center; gap: 8px; white-space: nowrap; }
h2 { font-size: 15px; margin: 0 0 8px; display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 10px; }
h3 { font-size: 12px; margin: 14px 0 6px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
.block > h3 { margin-top: 4px; }
#info { color: var(--muted); font-size: 12px; flex: 1 1 300px; min-width: 0; overflow-wrap: anywhere; }
#live { color: var(--ok); font-size: 12px; white-space: nowrap; }
#live.down { color: var(--bad); }
main { display: grid; gap: 16px; padding: 16px 20px; align-items: start;
  grid-template-columns: minmax(0, 7fr) minmax(0, 5fr);
  grid-template-areas: "chains prices" "activity detail" "accounts accounts" "contracts contracts"; }
#chains-panel { grid-area: chains; } #prices-panel { grid-area: prices; } #detail-panel { grid-area: detail; }
#activity { grid-area: activity; display: flex; flex-direction: column; gap: 16px; min-width: 0; }
#requests-panel { grid-area: requests; } #outbox-panel { grid-area: outbox; }
#accounts-panel { grid-area: accounts; } #contracts-panel { grid-area: contracts; }
/* Under 1100 px one column, the detail right under the requests: every panel as wide as the window. */
@media (max-width: 1099px) {
  main { grid-template-columns: minmax(0, 1fr); padding: 12px;
    grid-template-areas: "chains" "prices" "requests" "detail" "outbox" "accounts" "contracts"; }
  #activity { display: contents; }
  header { padding: 10px 12px; }
}
.panel { min-width: 0; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px;
  overflow-wrap: anywhere; }
.scroll { overflow-x: auto; max-width: 100%; }
.scroll.tall { max-height: 60vh; overflow-y: auto; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 10px; }
.card { border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; min-width: 0; }
.card .name { font-weight: 600; }
.card .height { font-size: 20px; font-weight: 600; font-variant-numeric: tabular-nums; margin: 2px 0; }
.card .height.changed { animation: bump 1.2s ease-out; }
@keyframes bump { from { color: var(--info); } to { color: var(--text); } }
.card .url { font-size: 11px; }
.blocks { display: flex; flex-wrap: wrap; gap: 8px 24px; }
.block { flex: 2 1 600px; min-width: 0; }
.block.wide { flex-basis: 100%; }
.block.narrow { flex: 1 1 280px; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: 5px 5px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--muted); font-weight: 500; font-size: 12px; white-space: nowrap; position: sticky; top: 0; background: var(--panel); }
.nowrap, .num { white-space: nowrap; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
#requests tbody tr { cursor: pointer; }
#requests tbody tr:hover, #requests tbody tr.selected { background: #223040; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; }
.muted { color: var(--muted); }
.small { font-size: 12px; font-weight: 400; }
.referrer { font-size: 12px; color: var(--muted); }
.reason { color: #ffa198; font-size: 12px; margin-top: 3px; }
.endpoint { font-size: 11px; }
.pill { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 12px; font-weight: 600; background: #30363d; white-space: nowrap; }
.s-success, .s-delivered { background: #1f4d2b; color: #7ee787; }
.s-refund, .s-fallback { background: #4d3a12; color: #f2cc60; }
.s-failure, .s-failed { background: #5a1e1e; color: #ffa198; }
.s-pending, .s-submitted, .s-depositing, .s-queued { background: #1c3557; color: #79c0ff; }
.s-waiting { background: #30363d; color: #c9d1d9; }
.ok { color: var(--ok); font-weight: 600; }
.bad { color: var(--bad); font-weight: 600; }
.up { color: var(--ok); } .down { color: var(--bad); }
.timeline { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 4px 6px; align-items: center; }
.timeline li { display: inline-flex; align-items: center; gap: 4px; }
.timeline li + li::before { content: "→"; color: var(--muted); }
#timeline li { flex-direction: column; }
#timeline li + li::before { display: none; }
.steps .pill { font-size: 11px; padding: 0 6px; }
.steps .muted { font-size: 11px; }
dl { display: grid; grid-template-columns: 140px minmax(0, 1fr); gap: 3px 10px; margin: 0; }
dt { color: var(--muted); }
dd { margin: 0; }
pre { white-space: pre-wrap; margin: 8px 0 0; }
button { background: #238636; color: #fff; border: 0; border-radius: 6px; padding: 3px 10px; cursor: pointer; font-size: 12px; white-space: nowrap; }
button:disabled { background: #30363d; color: var(--muted); cursor: default; }
button.link { background: none; color: var(--info); padding: 0; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
label.follow { font-size: 12px; font-weight: 400; color: var(--muted); margin-left: auto; white-space: nowrap; cursor: pointer; }
#empty, #outbox-empty { color: var(--muted); }
[hidden] { display: none !important; }
`;

export const dashboardJs = `"use strict";
(function () {
  var state = {
    selected: null, follow: true, requests: [], currencies: {}, haveCurrencies: false,
    listKey: "", detailKey: "", outboxKey: "", overviewKey: "", prices: {}, heights: {}
  };

  // Strings from the devnet only ever become text or attribute values: never HTML, never a handler.
  var allowedAttributes = /^(class|id|title|type|data-[a-z-]+)$/;
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) Object.keys(attrs).forEach(function (key) {
      var value = attrs[key];
      if (value == null) return;
      if (key === "text") node.textContent = String(value);
      else if (key === "onclick") node.addEventListener("click", value);
      else if (allowedAttributes.test(key)) node.setAttribute(key, String(value));
      else throw new Error("attribute " + key + " is not allowed");
    });
    (children || []).forEach(function (child) {
      if (child != null) node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }
  function $(id) { return document.getElementById(id); }
  function short(value) {
    var text = value == null ? "" : String(value);
    return text.length > 20 ? text.slice(0, 10) + "…" + text.slice(-6) : text || "-";
  }
  function clock(ms) { return ms ? new Date(ms).toISOString().slice(11, 19) : "-"; }
  function elapsed(ms) { return ms < 1000 ? "+" + ms + " ms" : "+" + (ms / 1000).toFixed(ms < 10000 ? 1 : 0) + " s"; }
  function units(value, decimals, places) {
    var digits = String(value).padStart(decimals + 1, "0");
    var whole = digits.slice(0, digits.length - decimals).replace(/(?!^)(?=(?:[0-9]{3})+$)/g, ",");
    var fraction = digits.slice(digits.length - decimals).slice(0, places).replace(/0+$/, "");
    return fraction ? whole + "." + fraction : whole;
  }
  function usd(micros) { return "$" + units(micros, 6, 2); }
  function currencyKey(chainId, address) { return chainId + ":" + String(address).toLowerCase(); }
  function amount(value, chainId, address) {
    var currency = state.currencies[currencyKey(chainId, address)];
    if (currency) return units(value, currency.decimals, 6) + " " + currency.symbol;
    if (/^0x0{40}$/i.test(address)) return units(value, 18, 6) + " ETH";
    return value + " " + short(address);
  }
  function pill(status) { return el("span", { class: "pill s-" + status, "data-status": status, text: status }); }
  function verdict(v) {
    if (!v) return el("span", { class: "muted", text: "n/a" });
    return el("span", { class: v.valid ? "ok" : "bad", text: (v.valid ? "VALID" : "INVALID") + (v.signer ? "  signer " + v.signer : "") + (v.reason ? "  (" + v.reason + ")" : "") });
  }
  function reason(r) {
    var parts = [];
    if (r.failReason && r.failReason !== "N/A") parts.push(r.failReason);
    if (r.refundFailReason && r.refundFailReason !== "N/A") parts.push("refund: " + r.refundFailReason);
    return parts.join(", ");
  }
  function table(id, head, rows) {
    var node = $(id);
    node.tHead.replaceChildren(el("tr", null, head.map(function (h) { return typeof h === "string" ? el("th", { text: h }) : h; })));
    node.tBodies[0].replaceChildren.apply(node.tBodies[0], rows);
  }
  function getJson(url, options) {
    return fetch(url, options).then(function (response) {
      return response.json().then(function (body) { if (!response.ok) throw new Error(body.message || response.status); return body; });
    });
  }

  // Chains, prices, accounts and contracts: GET /devnet/overview.
  function renderOverview(overview) {
    overview.prices.forEach(function (p) { state.currencies[currencyKey(p.chainId, p.address)] = p; });
    if (!state.haveCurrencies) { state.haveCurrencies = true; state.listKey = ""; state.detailKey = ""; }
    var key = JSON.stringify([overview.chains, overview.accounts, overview.contracts, overview.prices]);
    if (key === state.overviewKey) return;
    state.overviewKey = key;
    renderChains(overview.chains);
    renderPrices(overview.prices, overview.readAt);
    renderAccounts(overview.accounts);
    renderContracts(overview.contracts);
  }
  function renderChains(chains) {
    $("chains").replaceChildren.apply($("chains"), chains.map(function (c) {
      var before = state.heights[c.chainId];
      state.heights[c.chainId] = c.height;
      var changed = before !== undefined && before !== c.height;
      return el("div", { class: "card", "data-chain-id": c.chainId, "data-role": c.role }, [
        el("div", { class: "name", text: c.name }),
        el("div", { class: "muted small", text: c.role + " · " + c.vmType + " · " + c.chainId }),
        el("div", { class: "height" + (changed ? " changed" : ""), "data-height": c.height, text: c.height === null ? "ledger" : "block " + c.height }),
        el("div", { class: "muted small", text: "mining " + c.mining + (c.pending === null ? "" : c.vmType === "bvm" ? " · mempool " + c.pending : " · transfers " + c.pending) }),
        el("div", { class: "mono url muted", title: c.url, text: (c.vmType === "evm" ? "RPC " : "API ") + (c.url.indexOf(location.origin) === 0 ? c.url.slice(location.origin.length) : c.url) })
      ]);
    }));
  }
  function renderPrices(prices, at) {
    table("prices", ["currency", "chain", el("th", { class: "num", text: "price" }), "change"], prices.map(function (p) {
      var key = currencyKey(p.chainId, p.address);
      var seen = state.prices[key] || (state.prices[key] = { first: p.priceUsdMicros, last: p.priceUsdMicros, changedAt: null });
      if (seen.last !== p.priceUsdMicros) { seen.last = p.priceUsdMicros; seen.changedAt = at; }
      var delta = Number(p.priceUsdMicros) - Number(seen.first);
      var change = delta === 0 ? el("span", { class: "muted", text: "unchanged" })
        : el("span", { class: delta > 0 ? "up" : "down", text: (delta > 0 ? "▲ +" : "▼ ") + (delta / Number(seen.first) * 100).toFixed(2) + " % from " + usd(seen.first) + " at " + clock(seen.changedAt) });
      return el("tr", { "data-price": key, "data-symbol": p.symbol }, [
        el("td", null, [el("strong", { text: p.symbol }), " ", el("span", { class: "muted small", text: p.name })]),
        el("td", { class: "nowrap", text: String(p.chainId) }),
        el("td", { class: "num", text: usd(p.priceUsdMicros) }),
        el("td", null, [change])
      ]);
    }));
  }
  function balanceCells(balances) {
    return balances.map(function (b) { return el("td", { class: "num mono", "data-balance": b.chainId + ":" + b.symbol, text: units(b.amount, b.decimals, 4) }); });
  }
  function balanceHeads(balances) {
    return (balances || []).map(function (b) { return el("th", { class: "num" }, [b.symbol, el("div", { class: "muted small", text: String(b.chainId) })]); });
  }
  function renderAccounts(accounts) {
    [["evm", "accounts-evm", "address"], ["bvm", "accounts-bitcoin", "address"], ["lvm", "accounts-exchange", "account"]].forEach(function (kind) {
      var rows = accounts.filter(function (a) { return a.vmType === kind[0]; });
      table(kind[1], ["", kind[2]].concat(balanceHeads(rows[0] && rows[0].balances)), rows.map(function (a) {
        return el("tr", { "data-account": a.address, "data-role": a.role }, [
          el("td", { class: "nowrap", text: a.label }), el("td", { class: "mono", text: a.address })
        ].concat(balanceCells(a.balances)));
      }));
    });
  }
  function renderContracts(contracts) {
    var heads = ((contracts[0] && contracts[0].balances) || []).map(function (b) { return el("th", { class: "num", text: b.symbol }); });
    table("contracts", ["chain", "contract", "address"].concat(heads), contracts.map(function (c) {
      return el("tr", { "data-contract": c.name, "data-chain-id": c.chainId }, [
        el("td", { class: "nowrap", text: String(c.chainId) }),
        el("td", { class: "nowrap" }, [el("div", { text: c.name }), el("div", { class: "muted small", text: c.contract })]),
        el("td", { class: "mono", text: c.address })
      ].concat(balanceCells(c.balances)));
    }));
  }

  // Requests: GET /devnet/requests, newest first.
  function steps(r) {
    return el("ol", { class: "timeline steps" }, r.history.map(function (h) {
      return el("li", { "data-status": h.status }, [pill(h.status), h.at > r.createdAt ? el("span", { class: "muted", text: elapsed(h.at - r.createdAt) }) : null]);
    }));
  }
  function renderList(requests) {
    var key = JSON.stringify(requests.map(function (r) { return [r.requestId, r.status, r.updatedAt, r.history.length]; }));
    if (key === state.listKey) return;
    state.listKey = key;
    $("count").textContent = requests.length >= 200 ? "(newest 200)" : "(" + requests.length + ")";
    $("empty").hidden = requests.length > 0;
    $("requests").hidden = requests.length === 0;
    $("requests").tBodies[0].replaceChildren.apply($("requests").tBodies[0], requests.map(function (r) {
      return el("tr", { "data-request-id": r.requestId, "data-status": r.status, onclick: function () { select(r.requestId); } }, [
        el("td", { class: "nowrap mono", text: clock(r.createdAt) }),
        el("td", null, [
          el("div", { class: "mono nowrap", title: r.requestId, text: short(r.requestId) }),
          r.referrer ? el("div", { class: "referrer", "data-referrer": "", title: r.referrer, text: "ref " + (r.referrer.length > 80 ? r.referrer.slice(0, 80) + "…" : r.referrer) }) : null
        ]),
        el("td", { class: "mono" }, [
          el("div", { class: "nowrap", text: amount(r.amountIn, r.originChainId, r.originCurrency) }),
          el("div", { class: "nowrap muted", text: "→ " + amount(r.amountOut, r.destinationChainId, r.destinationCurrency) }),
          el("div", { class: "nowrap muted small", text: r.originChainId + " → " + r.destinationChainId })
        ]),
        el("td", null, [steps(r), reason(r) ? el("div", { class: "reason", text: reason(r) }) : null])
      ]);
    }));
  }
  function markSelected() {
    var newer = 0;
    var seen = false;
    $("requests").querySelectorAll("tbody tr").forEach(function (row) {
      var mine = row.getAttribute("data-request-id") === state.selected;
      row.className = mine ? "selected" : "";
      if (mine) seen = true; else if (!seen) newer++;
    });
    $("newer").textContent = !state.follow && seen && newer > 0 ? "(" + newer + " newer)" : "";
  }
  function select(id) {
    state.selected = id;
    state.follow = false;
    $("follow").checked = false;
    markSelected();
    refreshDetail().catch(function () { setLive(false); });
  }

  function replay(id, button) {
    button.disabled = true;
    button.textContent = "queued…";
    // No body: the devnet serves a bodiless POST from its own page.
    getJson("/devnet/webhooks/" + encodeURIComponent(id) + "/replay", { method: "POST" })
      .then(function () { state.detailKey = ""; state.outboxKey = ""; return Promise.all([refreshDetail(), refreshOutbox()]); })
      .catch(function (error) { button.textContent = String(error.message || error); });
  }
  function replayButton(delivery) {
    if (delivery.state !== "failed") return null;
    var button = el("button", { type: "button", "data-replay": delivery.id, text: "replay" });
    button.addEventListener("click", function () { replay(delivery.id, button); });
    return button;
  }

  function renderDetail(r) {
    var panel = $("detail-panel");
    var rows = function (pairs) {
      return el("dl", null, pairs.flatMap(function (p) { return [el("dt", { text: p[0] }), el("dd", { class: "mono" }, [p[1] == null ? "-" : p[1]])]; }));
    };
    var deposit = r.deposit;
    var timeline = el("ol", { class: "timeline", id: "timeline" }, r.history.map(function (h) {
      return el("li", { "data-status": h.status }, [pill(h.status), el("span", { class: "muted mono", text: clock(h.at) })]);
    }));
    var hooks = r.webhooks.length
      ? el("div", { class: "scroll" }, [el("table", { id: "webhooks" }, [el("thead", null, [el("tr", null, ["event", "state", "attempts", "last result", ""].map(function (h) { return el("th", { text: h }); }))]),
          el("tbody", null, r.webhooks.map(function (w) {
            return el("tr", { "data-delivery": w.id, "data-state": w.state }, [el("td", { class: "mono nowrap", title: w.id, text: short(w.id) }), el("td", null, [pill(w.state)]),
              el("td", { class: "num", text: String(w.attempts) }), el("td", { class: "muted", text: w.lastResult || "-" }), el("td", null, [replayButton(w)])]);
          }))])])
      : el("p", { class: "muted", text: "No webhook delivery (the request was not quoted with an API key that has an endpoint)." });
    panel.replaceChildren.apply(panel, [
      el("h2", null, ["Request ", el("span", { class: "mono", id: "detail-id", text: r.requestId }), pill(r.status)]),
      el("h3", { text: "Status timeline" }), timeline,
      el("h3", { text: "Verdicts (against the devnet solver)" }),
      rows([["attestation v1", verdict(r.verdicts && r.verdicts.attestationV1)], ["attestation v2", verdict(r.verdicts && r.verdicts.attestationV2)], ["order", verdict(r.verdicts && r.verdicts.order)]]),
      el("h3", { text: "Terms" }),
      rows([["order id", r.orderId || "-"], ["referrer", r.referrer || "-"], ["user", r.user], ["recipient", r.recipient], ["refund to", r.refundTo],
        ["in", amount(r.amountIn, r.originChainId, r.originCurrency) + " on " + r.originChainId + "  (" + r.amountIn + ")"],
        ["out", amount(r.amountOut, r.destinationChainId, r.destinationCurrency) + " on " + r.destinationChainId + "  (" + r.amountOut + ")"],
        ["created", new Date(r.createdAt).toISOString()], ["expires", r.expiresAt ? new Date(r.expiresAt).toISOString() : "-"],
        ["fail reason", r.failReason], ["refund fail reason", r.refundFailReason]]),
      r.depositAddress ? el("h3", { text: "Deposit address" }) : null,
      r.depositAddress ? rows([["address", r.depositAddress.address + " (" + r.depositAddress.depositAddressType + ")"], ["depositor", r.depositAddress.depositor], ["transfer", r.depositAddress.depositTxHash || "not seen yet"]]) : null,
      el("h3", { text: "Deposit" }),
      deposit ? rows([["transaction", deposit.txHash], ["from", deposit.from], ["amount", amount(deposit.amount, deposit.chainId, deposit.currency) + "  (" + deposit.amount + ")"], ["id", deposit.id], ["block", deposit.blockNumber]])
        : el("p", { class: "muted", text: "No deposit indexed yet." }),
      el("h3", { text: "Fill and refund transactions" }),
      r.txHashes.length ? el("ul", { id: "fills" }, r.txHashes.map(function (h) { return el("li", { class: "mono", text: h }); })) : el("p", { class: "muted", text: "None yet." }),
      r.details ? el("pre", { class: "mono muted", text: JSON.stringify(r.details, null, 2) }) : null,
      el("h3", { text: "Webhook deliveries" }), hooks
    ].filter(function (node) { return node != null; }));
  }

  function refreshDetail() {
    if (!state.selected) return Promise.resolve();
    var id = state.selected;
    var entry = state.requests.find(function (r) { return r.requestId === id; });
    // The list carries what the detail shows but the verdicts: fetch again only when it changed.
    var key = id + (entry ? JSON.stringify(entry) : "") + state.haveCurrencies;
    if (key === state.detailKey) return Promise.resolve();
    return getJson("/devnet/requests/" + encodeURIComponent(id)).then(function (r) {
      if (state.selected !== id) return;
      state.detailKey = key;
      renderDetail(r);
    });
  }
  function refreshRequests() {
    return getJson("/devnet/requests?limit=200").then(function (body) {
      state.requests = body.requests;
      renderList(body.requests);
      if (state.follow && body.requests.length) state.selected = body.requests[0].requestId;
      markSelected();
      return refreshDetail();
    });
  }
  function refreshOutbox() {
    return getJson("/devnet/webhooks").then(function (body) {
      var deliveries = body.deliveries.slice().reverse();
      var key = JSON.stringify(deliveries);
      if (key === state.outboxKey) return;
      state.outboxKey = key;
      var count = { delivered: 0, failed: 0, queued: 0 };
      deliveries.forEach(function (d) { count[d.state] = (count[d.state] || 0) + 1; });
      $("outbox-summary").textContent = deliveries.length ? count.delivered + " delivered · " + count.failed + " failed · " + count.queued + " queued" : "";
      $("outbox-empty").hidden = deliveries.length > 0;
      $("outbox").hidden = deliveries.length === 0;
      $("outbox").tBodies[0].replaceChildren.apply($("outbox").tBodies[0], deliveries.slice(0, 200).map(function (d) {
        return el("tr", { "data-delivery": d.id, "data-state": d.state, "data-request-id": d.requestId }, [
          el("td", null, [el("div", { class: "mono nowrap", title: d.id, text: short(d.id) }), el("div", { class: "mono muted endpoint", text: d.url })]),
          el("td", null, [el("button", { type: "button", class: "link", title: d.requestId, text: short(d.requestId), onclick: function () { select(d.requestId); } })]),
          el("td", null, [pill(d.state)]),
          el("td", { class: "num", text: String(d.attempts) }),
          el("td", { class: "muted", text: d.lastResult || "-" }),
          el("td", null, [replayButton(d)])
        ]);
      }));
    });
  }
  function refreshOverview() { return getJson("/devnet/overview").then(renderOverview); }

  function setLive(ok) {
    $("live").className = ok ? "" : "down";
    $("live").textContent = ok ? "● live" : "● no answer";
  }
  var tick = 0;
  function poll() {
    // A hidden tab asks nothing; one round at a time, never overlapping.
    if (document.hidden) { setTimeout(poll, 1000); return; }
    var round = [refreshRequests()];
    if (tick++ % 2 === 0) round.push(refreshOverview(), refreshOutbox());
    Promise.all(round).then(function () { setLive(true); }, function () { setLive(false); })
      .then(function () { setTimeout(poll, 1000); });
  }

  $("follow").addEventListener("change", function () {
    state.follow = $("follow").checked;
    if (state.follow && state.requests.length) state.selected = state.requests[0].requestId;
    markSelected();
    refreshDetail().catch(function () { setLive(false); });
  });
  getJson("/devnet/info").then(function (info) {
    $("info").textContent = info.chains.map(function (c) { return c.role + " " + c.chainId; })
      .concat(info.bitcoin ? ["bitcoin " + info.bitcoin.chainId] : [], info.exchange ? ["exchange " + info.exchange.chainId] : [])
      .join(" · ") + " · solver " + info.solver.address;
  }).catch(function () { setLive(false); });
  poll();
})();
`;
