/**
 * The devnet dashboard, served at `GET /` with its script and style under `/devnet/`: plain DOM, no
 * dependency and no build step. It polls `GET /devnet/requests` every second and shows the requests
 * live; the selected one (the newest by default) is read from `GET /devnet/requests/{id}`: status
 * timeline, attestation and order verdicts, deposit and fill transactions, reasons, and its webhook
 * deliveries with their attempts and a replay button for failed ones
 * (`POST /devnet/webhooks/{id}/replay`).
 */
export const dashboardHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>attestkit devnet</title>
<link rel="stylesheet" href="/devnet/dashboard.css">
</head>
<body>
<header>
  <h1>attestkit devnet</h1>
  <div id="info">loading…</div>
  <div id="live" title="refreshes every second">● live</div>
</header>
<main>
  <section id="list-panel">
    <h2>Requests <span id="count"></span></h2>
    <table id="requests">
      <thead><tr><th>created</th><th>request</th><th>status</th><th>in</th><th>out</th><th>reason</th></tr></thead>
      <tbody></tbody>
    </table>
    <p id="empty">No request yet: ask for a quote (POST /quote/v2) or run <code>attestkit execute</code>.</p>
  </section>
  <section id="detail-panel"><p class="muted">Select a request.</p></section>
</main>
<script src="/devnet/dashboard.js"></script>
</body>
</html>
`;

export const dashboardCss = `:root { --bg: #0f1419; --panel: #182028; --line: #2a3440; --text: #e6edf3; --muted: #8b98a5;
  --ok: #3fb950; --bad: #f85149; --warn: #d29922; --info: #58a6ff; font-family: ui-sans-serif, system-ui, sans-serif; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); font-size: 14px; }
header { display: flex; align-items: center; gap: 24px; padding: 10px 20px; border-bottom: 1px solid var(--line); }
h1 { font-size: 18px; margin: 0; }
h2 { font-size: 15px; margin: 0 0 8px; }
h3 { font-size: 13px; margin: 16px 0 6px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
#info { color: var(--muted); font-size: 12px; flex: 1; }
#live { color: var(--ok); font-size: 12px; }
#live.down { color: var(--bad); }
main { display: grid; grid-template-columns: minmax(520px, 1.1fr) minmax(420px, 1fr); gap: 16px; padding: 16px 20px; }
section { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; overflow: auto; max-height: calc(100vh - 90px); }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: 5px 6px; border-bottom: 1px solid var(--line); white-space: nowrap; }
th { color: var(--muted); font-weight: 500; font-size: 12px; }
#requests tbody tr { cursor: pointer; }
#requests tbody tr:hover, #requests tbody tr.selected { background: #223040; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; }
.muted { color: var(--muted); }
.pill { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 12px; font-weight: 600; background: #30363d; }
.s-success { background: #1f4d2b; color: #7ee787; }
.s-refund { background: #4d3a12; color: #f2cc60; }
.s-failure { background: #5a1e1e; color: #ffa198; }
.s-pending, .s-submitted, .s-depositing { background: #1c3557; color: #79c0ff; }
.s-waiting { background: #30363d; color: #c9d1d9; }
.ok { color: var(--ok); font-weight: 600; }
.bad { color: var(--bad); font-weight: 600; }
.timeline { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.timeline li { display: flex; flex-direction: column; align-items: center; gap: 2px; }
.timeline li + li::before { content: "→"; color: var(--muted); position: relative; }
dl { display: grid; grid-template-columns: 150px 1fr; gap: 3px 10px; margin: 0; }
dt { color: var(--muted); }
dd { margin: 0; word-break: break-all; }
button { background: #238636; color: #fff; border: 0; border-radius: 6px; padding: 3px 10px; cursor: pointer; font-size: 12px; }
button:disabled { background: #30363d; color: var(--muted); cursor: default; }
#empty { color: var(--muted); }
`;

export const dashboardJs = `"use strict";
(function () {
  var selected = null;
  var lastList = "";
  var lastDetail = "";

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) for (var key in attrs) {
      if (key === "text") node.textContent = attrs[key];
      else if (key === "onclick") node.addEventListener("click", attrs[key]);
      else node.setAttribute(key, attrs[key]);
    }
    (children || []).forEach(function (child) {
      if (child != null) node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }
  function short(hex) { return hex ? hex.slice(0, 10) + "…" + hex.slice(-6) : "-"; }
  function time(ms) { return ms ? new Date(ms).toISOString().slice(11, 19) : "-"; }
  function pill(status) { return el("span", { class: "pill s-" + status, "data-status": status, text: status }); }
  function verdict(v) {
    if (!v) return el("span", { class: "muted", text: "n/a" });
    return el("span", { class: v.valid ? "ok" : "bad", text: (v.valid ? "VALID" : "INVALID") + (v.signer ? "  signer " + v.signer : "") + (v.reason ? "  (" + v.reason + ")" : "") });
  }
  var tokens = {};
  function currency(address) { return /^0x0{40}$/i.test(address) ? "ETH" : tokens[address.toLowerCase()] ? "USDC" : short(address); }
  function decimals(units, places) {
    var digits = units.padStart(places + 1, "0");
    var whole = digits.slice(0, digits.length - places);
    var fraction = digits.slice(digits.length - places).replace(/0+$/, "").slice(0, 6);
    return fraction ? whole + "." + fraction : whole;
  }
  function amount(units, address) {
    if (/^0x0{40}$/i.test(address)) return decimals(units, 18) + " ETH";
    if (tokens[address.toLowerCase()]) return decimals(units, 6) + " USDC";
    return units + " " + short(address);
  }
  function reason(r) {
    var parts = [];
    if (r.failReason && r.failReason !== "N/A") parts.push(r.failReason);
    if (r.refundFailReason && r.refundFailReason !== "N/A") parts.push("refund: " + r.refundFailReason);
    return parts.join(", ");
  }
  function getJson(url, options) {
    return fetch(url, options).then(function (response) {
      return response.json().then(function (body) { if (!response.ok) throw new Error(body.message || response.status); return body; });
    });
  }

  function renderList(requests) {
    var key = JSON.stringify(requests.map(function (r) { return [r.requestId, r.status, r.updatedAt, r.webhooks.length]; }));
    if (key === lastList) return false;
    lastList = key;
    var tbody = document.querySelector("#requests tbody");
    tbody.replaceChildren();
    document.getElementById("count").textContent = "(" + requests.length + ")";
    document.getElementById("empty").style.display = requests.length ? "none" : "";
    requests.forEach(function (r) {
      var row = el("tr", { "data-request-id": r.requestId, "data-status": r.status, onclick: function () { selected = r.requestId; lastDetail = ""; refresh(); } }, [
        el("td", { text: time(r.createdAt) }),
        el("td", { class: "mono", text: short(r.requestId) }),
        el("td", null, [pill(r.status)]),
        el("td", { class: "mono", text: amount(r.amountIn, r.originCurrency) }),
        el("td", { class: "mono", text: amount(r.amountOut, r.destinationCurrency) }),
        el("td", { class: "muted", text: reason(r) }),
      ]);
      if (r.requestId === selected) row.className = "selected";
      tbody.appendChild(row);
    });
    return true;
  }

  function replay(id, button) {
    button.disabled = true;
    button.textContent = "queued…";
    getJson("/devnet/webhooks/" + encodeURIComponent(id) + "/replay", { method: "POST" })
      .then(function () { lastDetail = ""; refresh(); })
      .catch(function (error) { button.textContent = String(error.message || error); });
  }

  function renderDetail(r) {
    var key = JSON.stringify(r);
    if (key === lastDetail) return;
    lastDetail = key;
    var panel = document.getElementById("detail-panel");
    var rows = function (pairs) {
      return el("dl", null, pairs.flatMap(function (p) { return [el("dt", { text: p[0] }), el("dd", { class: "mono" }, [p[1]])]; }));
    };
    var deposit = r.deposit;
    var timeline = el("ol", { class: "timeline", id: "timeline" }, r.history.map(function (h) {
      return el("li", { "data-status": h.status }, [pill(h.status), el("span", { class: "muted mono", text: time(h.at) })]);
    }));
    var hooks = r.webhooks.length
      ? el("table", { id: "webhooks" }, [el("thead", null, [el("tr", null, ["event", "state", "attempts", "last result", ""].map(function (h) { return el("th", { text: h }); }))]),
          el("tbody", null, r.webhooks.map(function (w) {
            var button = w.state === "failed" ? el("button", { "data-replay": w.id, text: "replay" }) : null;
            if (button) button.addEventListener("click", function () { replay(w.id, button); });
            return el("tr", { "data-delivery": w.id, "data-state": w.state }, [el("td", { class: "mono", text: short(w.id) }), el("td", { text: w.state }),
              el("td", { text: String(w.attempts) }), el("td", { class: "muted", text: w.lastResult || "-" }), el("td", null, [button])]);
          }))])
      : el("p", { class: "muted", text: "No webhook delivery (the request was not quoted with an API key that has an endpoint)." });
    panel.replaceChildren.apply(panel, [
      el("h2", null, ["Request ", el("span", { class: "mono", id: "detail-id", text: r.requestId }), " ", pill(r.status)]),
      el("h3", { text: "Status timeline" }), timeline,
      el("h3", { text: "Verdicts (against the devnet solver)" }),
      rows([["attestation v1", verdict(r.verdicts && r.verdicts.attestationV1)], ["attestation v2", verdict(r.verdicts && r.verdicts.attestationV2)], ["order", verdict(r.verdicts && r.verdicts.order)]]),
      el("h3", { text: "Terms" }),
      rows([["order id", r.orderId || "-"], ["user", r.user], ["recipient", r.recipient], ["refund to", r.refundTo],
        ["in", amount(r.amountIn, r.originCurrency) + " on " + r.originChainId + "  (" + r.amountIn + ")"], ["out", amount(r.amountOut, r.destinationCurrency) + " on " + r.destinationChainId + "  (" + r.amountOut + ")"],
        ["expires", r.expiresAt ? new Date(r.expiresAt).toISOString() : "-"], ["fail reason", r.failReason], ["refund fail reason", r.refundFailReason]]),
      r.depositAddress ? el("h3", { text: "Deposit address" }) : null,
      r.depositAddress ? rows([["address", r.depositAddress.address + " (" + r.depositAddress.depositAddressType + ")"], ["depositor", r.depositAddress.depositor], ["transfer", r.depositAddress.depositTxHash || "not seen yet"]]) : null,
      el("h3", { text: "Deposit" }),
      deposit ? rows([["transaction", deposit.txHash], ["from", deposit.from], ["amount", amount(deposit.amount, deposit.currency) + "  (" + deposit.amount + ")"], ["id", deposit.id], ["block", deposit.blockNumber]])
        : el("p", { class: "muted", text: "No deposit indexed yet." }),
      el("h3", { text: "Fill and refund transactions" }),
      r.txHashes.length ? el("ul", { id: "fills" }, r.txHashes.map(function (h) { return el("li", { class: "mono", text: h }); })) : el("p", { class: "muted", text: "None yet." }),
      r.details ? el("pre", { class: "mono muted", text: JSON.stringify(r.details, null, 2) }) : null,
      el("h3", { text: "Webhook deliveries" }), hooks
    ].filter(function (node) { return node != null; }));
  }

  function refresh() {
    return getJson("/devnet/requests?limit=50").then(function (body) {
      document.getElementById("live").className = "";
      renderList(body.requests);
      if (!selected && body.requests.length) selected = body.requests[0].requestId;
      document.querySelectorAll("#requests tbody tr").forEach(function (row) { row.className = row.getAttribute("data-request-id") === selected ? "selected" : ""; });
      if (!selected) return;
      return getJson("/devnet/requests/" + selected).then(renderDetail);
    }).catch(function () { document.getElementById("live").className = "down"; });
  }

  getJson("/devnet/info").then(function (info) {
    info.chains.forEach(function (c) { if (c.contracts && c.contracts.token) tokens[c.contracts.token.toLowerCase()] = true; });
    lastList = "";
    document.getElementById("info").textContent = info.chains.map(function (c) { return c.role + " " + c.chainId; }).join(" · ") + " · solver " + info.solver.address;
  }).catch(function () {});
  refresh();
  setInterval(refresh, 1000);
})();
`;
