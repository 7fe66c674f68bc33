// The devnet dashboard's script (served at /devnet/dashboard.js as a module; see ../dashboardAssets.ts).
// Plain DOM, no dependency: strings from the devnet only ever become text or attribute values.
(() => {
  var state = {
    selected: null,
    follow: true,
    requests: [],
    currencies: {},
    haveCurrencies: false,
    listKey: "",
    detailKey: "",
    outboxKey: "",
    overviewKey: "",
    heights: {},
  };

  // Strings from the devnet only ever become text or attribute values: never HTML, never a handler.
  // A link only ever points into this page: a request's own address (`#request=0x…`).
  var allowedAttributes = /^(class|id|title|type|data-[a-z-]+)$/;
  var requestLink = /^#request=(0x[0-9a-fA-F]{64})$/;
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs)
      Object.keys(attrs).forEach((key) => {
        var value = attrs[key];
        if (value == null) return;
        if (key === "text") node.textContent = String(value);
        else if (key === "onclick") node.addEventListener("click", value);
        else if (key === "href" && requestLink.test(value)) node.setAttribute(key, value);
        else if (allowedAttributes.test(key)) node.setAttribute(key, String(value));
        else throw new Error(`attribute ${key} is not allowed`);
      });
    (children || []).forEach((child) => {
      if (child != null) node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }
  /** @param {string} id @returns {HTMLElement} */
  function $(id) {
    return document.getElementById(id);
  }
  /** A table of the page (`#prices`, `#requests`, ...). @param {string} id @returns {HTMLTableElement} */
  function tableOf(id) {
    return /** @type {HTMLTableElement} */ (document.getElementById(id));
  }
  /** The follow checkbox. @returns {HTMLInputElement} */
  function followBox() {
    return /** @type {HTMLInputElement} */ (document.getElementById("follow"));
  }
  function short(value) {
    var text = value == null ? "" : String(value);
    return text.length > 20 ? `${text.slice(0, 10)}…${text.slice(-6)}` : text || "-";
  }
  function clock(ms) {
    return ms ? new Date(ms).toISOString().slice(11, 19) : "-";
  }
  function elapsed(ms) {
    return ms < 1000 ? `+${ms} ms` : `+${(ms / 1000).toFixed(ms < 10000 ? 1 : 0)} s`;
  }
  function units(value, decimals, places) {
    var digits = String(value).padStart(decimals + 1, "0");
    var whole = digits.slice(0, digits.length - decimals).replace(/(?!^)(?=(?:[0-9]{3})+$)/g, ",");
    var fraction = digits
      .slice(digits.length - decimals)
      .slice(0, places)
      .replace(/0+$/, "");
    return fraction ? `${whole}.${fraction}` : whole;
  }
  function usd(micros) {
    return `$${units(micros, 6, 2)}`;
  }
  function currencyKey(chainId, address) {
    return `${chainId}:${String(address).toLowerCase()}`;
  }
  function amount(value, chainId, address) {
    var currency = state.currencies[currencyKey(chainId, address)];
    if (currency) return `${units(value, currency.decimals, 6)} ${currency.symbol}`;
    if (/^0x0{40}$/i.test(address)) return `${units(value, 18, 6)} ETH`;
    return `${value} ${short(address)}`;
  }
  function pill(status) {
    return el("span", { class: `pill s-${status}`, "data-status": status, text: status });
  }
  // An unpaid quote past its deadline (`expiredAt`, by the devnet's clock) shows as expired, not waiting.
  function shownStatus(r) {
    return r.expiredAt ? "expired" : r.status;
  }
  // The statuses a request took, and its expiry as the last step when it expired unpaid.
  function historyOf(r) {
    return r.expiredAt ? r.history.concat([{ status: "expired", at: r.expiredAt }]) : r.history;
  }
  function verdict(v) {
    if (!v) return el("span", { class: "muted", text: "n/a" });
    return el("span", {
      class: v.valid ? "ok" : "bad",
      text:
        (v.valid ? "VALID" : "INVALID") +
        (v.signer ? `  signer ${v.signer}` : "") +
        (v.reason ? `  (${v.reason})` : ""),
    });
  }
  // The reading's verdict, as `attestkit explain` gives it (the same function reads the request).
  function outcome(reading) {
    if (!reading) return el("span", { class: "muted", text: "n/a" });
    var word = { consistent: "CONSISTENT", inconsistent: "INCONSISTENT", incomplete: "INCOMPLETE" };
    var style = { consistent: "ok", inconsistent: "bad", incomplete: "warn" };
    var lines = [
      el("span", {
        class: style[reading.outcome] || "muted",
        text: word[reading.outcome] || reading.outcome,
      }),
    ];
    for (var m of reading.mismatches || [])
      lines.push(
        el("div", {
          class: "bad",
          text: `mismatch ${m.field}: ${m.actual} on chain, ${m.expected} in ${m.against}`,
        }),
      );
    for (var x of reading.explained || [])
      lines.push(
        el("div", {
          class: "muted",
          text: `explained ${x.field}: ${x.actual} on chain, ${x.expected} in ${x.against}; refunded for it (${x.by})`,
        }),
      );
    for (var u of reading.incomplete || [])
      lines.push(el("div", { class: "muted", text: `not judged ${u.part}: ${u.message}` }));
    return el("span", null, lines);
  }
  // The reasons in words, from attestkit's vocabulary of fail reasons.
  function reasonText(reading) {
    var said = reading?.reason;
    if (!said) return null;
    var parts = [];
    if (said.failReason) parts.push(`${said.failReason}: ${said.failReasonText}`);
    if (said.refundFailReason) parts.push(`refund ${said.refundFailReason}: ${said.refundFailReasonText}`);
    return parts.length ? parts.join("; ") : null;
  }
  function reason(r) {
    var parts = [];
    if (r.failReason && r.failReason !== "N/A") parts.push(r.failReason);
    if (r.refundFailReason && r.refundFailReason !== "N/A") parts.push(`refund: ${r.refundFailReason}`);
    return parts.join(", ");
  }
  function table(id, head, rows) {
    var node = tableOf(id);
    node.tHead.replaceChildren(
      el(
        "tr",
        null,
        head.map((h) => (typeof h === "string" ? el("th", { text: h }) : h)),
      ),
    );
    node.tBodies[0].replaceChildren.apply(node.tBodies[0], rows);
  }
  function getJson(url, options) {
    return fetch(url, options).then((response) =>
      response.json().then((body) => {
        if (!response.ok)
          throw Object.assign(new Error(body.message || response.status), { status: response.status });
        return body;
      }),
    );
  }

  // Chains, prices, accounts and contracts: GET /devnet/overview.
  function renderOverview(overview) {
    overview.prices.forEach((p) => {
      state.currencies[currencyKey(p.chainId, p.address)] = p;
    });
    if (!state.haveCurrencies) {
      state.haveCurrencies = true;
      state.listKey = "";
      state.detailKey = "";
    }
    var key = JSON.stringify([overview.chains, overview.accounts, overview.contracts, overview.prices]);
    if (key === state.overviewKey) return;
    state.overviewKey = key;
    renderChains(overview.chains);
    renderPrices(overview.prices, overview.startedAt);
    renderAccounts(overview.accounts);
    renderContracts(overview.contracts);
  }
  function renderChains(chains) {
    $("chains").replaceChildren.apply(
      $("chains"),
      chains.map((c) => {
        var before = state.heights[c.chainId];
        state.heights[c.chainId] = c.height;
        var changed = before !== undefined && before !== c.height;
        return el("div", { class: "card", "data-chain-id": c.chainId, "data-role": c.role }, [
          el("div", { class: "name", text: c.name }),
          el("div", { class: "muted small", text: `${c.role} · ${c.vmType} · ${c.chainId}` }),
          el("div", {
            class: `height${changed ? " changed" : ""}`,
            "data-height": c.height,
            text: c.height === null ? "ledger" : `block ${c.height}`,
          }),
          el("div", {
            class: "muted small",
            text: `mining ${c.mining}${c.pending === null ? "" : c.vmType === "bvm" ? ` · mempool ${c.pending}` : ` · transfers ${c.pending}`}`,
          }),
          el("div", {
            class: "mono url muted",
            title: c.url,
            text:
              (c.vmType === "evm" ? "RPC " : "API ") +
              (c.url.indexOf(location.origin) === 0 ? c.url.slice(location.origin.length) : c.url),
          }),
        ]);
      }),
    );
  }
  // The change since the devnet started (its start price comes with each price), whenever the page opened.
  function renderPrices(prices, startedAt) {
    var since = startedAt ? `the devnet's prices at its start, ${new Date(startedAt).toISOString()}` : null;
    table(
      "prices",
      ["currency", "chain", el("th", { class: "num", text: "price" }), "change"],
      prices.map((p) => {
        var key = currencyKey(p.chainId, p.address);
        var start = p.startUsdMicros;
        var delta = Number(p.priceUsdMicros) - Number(start);
        var change =
          delta === 0
            ? el("span", { class: "muted", title: since, text: "unchanged" })
            : el("span", {
                class: delta > 0 ? "up" : "down",
                title: since,
                text: `${(delta > 0 ? "▲ +" : "▼ ") + ((delta / Number(start)) * 100).toFixed(2)} % from ${usd(start)} at the start`,
              });
        return el("tr", { "data-price": key, "data-symbol": p.symbol }, [
          el("td", null, [
            el("strong", { text: p.symbol }),
            " ",
            el("span", { class: "muted small", text: p.name }),
          ]),
          el("td", { class: "nowrap", text: String(p.chainId) }),
          el("td", { class: "num", text: usd(p.priceUsdMicros) }),
          el("td", null, [change]),
        ]);
      }),
    );
  }
  function balanceCells(balances) {
    return balances.map((b) =>
      el("td", {
        class: "num mono",
        "data-balance": `${b.chainId}:${b.symbol}`,
        text: units(b.amount, b.decimals, 4),
      }),
    );
  }
  function balanceHeads(balances) {
    return (balances || []).map((b) =>
      el("th", { class: "num" }, [b.symbol, el("div", { class: "muted small", text: String(b.chainId) })]),
    );
  }
  function renderAccounts(accounts) {
    [
      ["evm", "accounts-evm", "address"],
      ["bvm", "accounts-bitcoin", "address"],
      ["lvm", "accounts-exchange", "account"],
    ].forEach((kind) => {
      var rows = accounts.filter((a) => a.vmType === kind[0]);
      table(
        kind[1],
        ["", kind[2]].concat(balanceHeads(rows[0]?.balances)),
        rows.map((a) =>
          el(
            "tr",
            { "data-account": a.address, "data-role": a.role },
            [
              el("td", { class: "nowrap", text: a.label }),
              el("td", { class: "mono", text: a.address }),
            ].concat(balanceCells(a.balances)),
          ),
        ),
      );
    });
  }
  function renderContracts(contracts) {
    var heads = (contracts[0]?.balances || []).map((b) => el("th", { class: "num", text: b.symbol }));
    table(
      "contracts",
      ["chain", "contract", "address"].concat(heads),
      contracts.map((c) =>
        el(
          "tr",
          { "data-contract": c.name, "data-chain-id": c.chainId },
          [
            el("td", { class: "nowrap", text: String(c.chainId) }),
            el("td", { class: "nowrap" }, [
              el("div", { text: c.name }),
              el("div", { class: "muted small", text: c.contract }),
            ]),
            el("td", { class: "mono", text: c.address }),
          ].concat(balanceCells(c.balances)),
        ),
      ),
    );
  }

  // Requests: GET /devnet/requests, newest first.
  function steps(r) {
    return el(
      "ol",
      { class: "timeline steps" },
      historyOf(r).map((h) =>
        el("li", { "data-status": h.status }, [
          pill(h.status),
          h.at > r.createdAt ? el("span", { class: "muted", text: elapsed(h.at - r.createdAt) }) : null,
        ]),
      ),
    );
  }
  function renderList(requests) {
    var key = JSON.stringify(
      requests.map((r) => [r.requestId, r.status, r.updatedAt, r.history.length, r.expiredAt]),
    );
    if (key === state.listKey) return;
    state.listKey = key;
    $("count").textContent = requests.length >= 200 ? "(newest 200)" : `(${requests.length})`;
    $("empty").hidden = requests.length > 0;
    $("requests").hidden = requests.length === 0;
    tableOf("requests").tBodies[0].replaceChildren.apply(
      tableOf("requests").tBodies[0],
      requests.map((r) =>
        el(
          "tr",
          {
            "data-request-id": r.requestId,
            "data-status": shownStatus(r),
            onclick: () => {
              select(r.requestId);
            },
          },
          [
            el("td", { class: "nowrap mono", text: clock(r.createdAt) }),
            el("td", null, [
              el("div", { class: "mono nowrap", title: r.requestId, text: short(r.requestId) }),
              r.referrer
                ? el("div", {
                    class: "referrer",
                    "data-referrer": "",
                    title: r.referrer,
                    text: `ref ${r.referrer.length > 80 ? `${r.referrer.slice(0, 80)}…` : r.referrer}`,
                  })
                : null,
            ]),
            el("td", { class: "mono" }, [
              el("div", { class: "nowrap", text: amount(r.amountIn, r.originChainId, r.originCurrency) }),
              el("div", {
                class: "nowrap muted",
                text: `→ ${amount(r.amountOut, r.destinationChainId, r.destinationCurrency)}`,
              }),
              el("div", {
                class: "nowrap muted small",
                text: `${r.originChainId} → ${r.destinationChainId}`,
              }),
            ]),
            el("td", null, [steps(r), reason(r) ? el("div", { class: "reason", text: reason(r) }) : null]),
          ],
        ),
      ),
    );
  }
  function markSelected() {
    var newer = 0;
    var seen = false;
    $("requests")
      .querySelectorAll("tbody tr")
      .forEach((row) => {
        var mine = row.getAttribute("data-request-id") === state.selected;
        row.className = mine ? "selected" : "";
        if (mine) seen = true;
        else if (!seen) newer++;
      });
    $("newer").textContent = !state.follow && seen && newer > 0 ? `(${newer} newer)` : "";
  }
  // The page's address names the selected request (`#request=0x…`): a reload, or the address sent
  // to someone, opens it again. Replaced, not pushed: selecting is not a page to go back to.
  function linkTo(id) {
    var hash = id ? `#request=${id}` : "";
    if (location.hash !== hash) history.replaceState(null, "", location.pathname + location.search + hash);
  }
  function linkedRequest() {
    var match = requestLink.exec(location.hash);
    return match ? match[1].toLowerCase() : null;
  }
  function select(id) {
    state.selected = id;
    state.follow = false;
    followBox().checked = false;
    linkTo(id);
    markSelected();
    refreshDetail().catch(() => {
      setLive(false);
    });
  }

  function replay(id, button) {
    button.disabled = true;
    button.textContent = "queued…";
    // No body: the devnet serves a bodiless POST from its own page.
    getJson(`/devnet/webhooks/${encodeURIComponent(id)}/replay`, { method: "POST" })
      .then(() => {
        state.detailKey = "";
        state.outboxKey = "";
        return Promise.all([refreshDetail(), refreshOutbox()]);
      })
      .catch((error) => {
        button.textContent = String(error.message || error);
      });
  }
  function replayButton(delivery) {
    if (delivery.state !== "failed") return null;
    var button = el("button", { type: "button", "data-replay": delivery.id, text: "replay" });
    button.addEventListener("click", () => {
      replay(delivery.id, button);
    });
    return button;
  }

  function renderDetail(r) {
    var panel = $("detail-panel");
    var rows = (pairs) =>
      el(
        "dl",
        null,
        pairs.flatMap((p) => [
          el("dt", { text: p[0] }),
          el("dd", { class: "mono" }, [p[1] == null ? "-" : p[1]]),
        ]),
      );
    var deposit = r.deposit;
    var timeline = el(
      "ol",
      { class: "timeline", id: "timeline" },
      historyOf(r).map((h) =>
        el("li", { "data-status": h.status }, [
          pill(h.status),
          el("span", { class: "muted mono", text: clock(h.at) }),
        ]),
      ),
    );
    var hooks = r.webhooks.length
      ? el("div", { class: "scroll" }, [
          el("table", { id: "webhooks" }, [
            el("thead", null, [
              el(
                "tr",
                null,
                ["event", "state", "attempts", "last result", ""].map((h) => el("th", { text: h })),
              ),
            ]),
            el(
              "tbody",
              null,
              r.webhooks.map((w) =>
                el("tr", { "data-delivery": w.id, "data-state": w.state }, [
                  el("td", { class: "mono nowrap", title: w.id, text: short(w.id) }),
                  el("td", null, [pill(w.state)]),
                  el("td", { class: "num", text: String(w.attempts) }),
                  el("td", { class: "muted", title: w.lastError, text: w.lastResult || "-" }),
                  el("td", null, [replayButton(w)]),
                ]),
              ),
            ),
          ]),
        ])
      : el("p", {
          class: "muted",
          text: "No webhook delivery (the request was not quoted with an API key that has an endpoint).",
        });
    panel.replaceChildren.apply(
      panel,
      [
        el("h2", null, [
          "Request ",
          el("span", { class: "mono", id: "detail-id", text: r.requestId }),
          pill(shownStatus(r)),
          el("a", {
            href: `#request=${r.requestId}`,
            id: "detail-link",
            class: "small",
            title: "this request's own address: it opens selected",
            text: "link",
          }),
        ]),
        el("h3", { text: "Status timeline" }),
        timeline,
        el("h3", { text: "Verdicts (against the devnet solver, as attestkit explain reads them)" }),
        rows([
          ["outcome", outcome(r.reading)],
          ...(reasonText(r.reading) ? [["reason", reasonText(r.reading)]] : []),
          ["attestation v1", verdict(r.verdicts?.attestationV1)],
          ["attestation v2", verdict(r.verdicts?.attestationV2)],
          ["order", verdict(r.verdicts?.order)],
        ]),
        el("h3", { text: "Terms" }),
        rows([
          ["order id", r.orderId || "-"],
          ["referrer", r.referrer || "-"],
          ["user", r.user],
          ["recipient", r.recipient],
          ["refund to", r.refundTo],
          [
            "in",
            `${amount(r.amountIn, r.originChainId, r.originCurrency)} on ${r.originChainId}  (${r.amountIn})`,
          ],
          [
            "out",
            `${amount(r.amountOut, r.destinationChainId, r.destinationCurrency)} on ${r.destinationChainId}  (${r.amountOut})`,
          ],
          ["created", new Date(r.createdAt).toISOString()],
          r.expiredAt
            ? [
                "expired",
                `${new Date(r.expiredAt).toISOString()}, unpaid (a deposit now is refunded TTL_EXPIRED)`,
              ]
            : ["expires", r.expiresAt ? new Date(r.expiresAt).toISOString() : "-"],
          ["fail reason", r.failReason],
          ["refund fail reason", r.refundFailReason],
        ]),
        r.depositAddress ? el("h3", { text: "Deposit address" }) : null,
        r.depositAddress
          ? rows([
              ["address", `${r.depositAddress.address} (${r.depositAddress.depositAddressType})`],
              ["depositor", r.depositAddress.depositor],
              ["transfer", r.depositAddress.depositTxHash || "not seen yet"],
            ])
          : null,
        el("h3", { text: "Deposit" }),
        deposit
          ? rows([
              ["transaction", deposit.txHash],
              ["from", deposit.from],
              ["amount", `${amount(deposit.amount, deposit.chainId, deposit.currency)}  (${deposit.amount})`],
              ["id", deposit.id],
              ["block", deposit.blockNumber],
            ])
          : el("p", { class: "muted", text: "No deposit indexed yet." }),
        el("h3", { text: "Fill and refund transactions" }),
        r.txHashes.length
          ? el(
              "ul",
              { id: "fills" },
              r.txHashes.map((h) => el("li", { class: "mono", text: h })),
            )
          : el("p", { class: "muted", text: "None yet." }),
        r.details ? el("pre", { class: "mono muted", text: JSON.stringify(r.details, null, 2) }) : null,
        el("h3", { text: "Webhook deliveries" }),
        hooks,
      ].filter((node) => node != null),
    );
  }

  function refreshDetail() {
    if (!state.selected) return Promise.resolve();
    var id = state.selected;
    var entry = state.requests.find((r) => r.requestId === id);
    // The list carries what the detail shows but the verdicts: fetch again only when it changed.
    var key = id + (entry ? JSON.stringify(entry) : "") + state.haveCurrencies;
    if (key === state.detailKey) return Promise.resolve();
    return getJson(`/devnet/requests/${encodeURIComponent(id)}`).then(
      (r) => {
        if (state.selected !== id) return;
        state.detailKey = key;
        renderDetail(r);
      },
      (error) => {
        if (error.status !== 404 || state.selected !== id) throw error;
        state.detailKey = key;
        $("detail-panel").replaceChildren(
          el("h2", null, ["Request ", el("span", { class: "mono", id: "detail-id", text: id })]),
          el("p", {
            class: "muted",
            text: "This devnet has no such request (a link from another devnet, or from a run without --state).",
          }),
        );
      },
    );
  }
  function refreshRequests() {
    return getJson("/devnet/requests?limit=200").then((body) => {
      state.requests = body.requests;
      renderList(body.requests);
      if (state.follow && body.requests.length) state.selected = body.requests[0].requestId;
      markSelected();
      return refreshDetail();
    });
  }
  function refreshOutbox() {
    return getJson("/devnet/webhooks").then((body) => {
      var deliveries = body.deliveries.slice().reverse();
      var key = JSON.stringify(deliveries);
      if (key === state.outboxKey) return;
      state.outboxKey = key;
      var count = { delivered: 0, failed: 0, queued: 0 };
      deliveries.forEach((d) => {
        count[d.state] = (count[d.state] || 0) + 1;
      });
      $("outbox-summary").textContent = deliveries.length
        ? `${count.delivered} delivered · ${count.failed} failed · ${count.queued} queued`
        : "";
      $("outbox-empty").hidden = deliveries.length > 0;
      $("outbox").hidden = deliveries.length === 0;
      tableOf("outbox").tBodies[0].replaceChildren.apply(
        tableOf("outbox").tBodies[0],
        deliveries.slice(0, 200).map((d) =>
          el("tr", { "data-delivery": d.id, "data-state": d.state, "data-request-id": d.requestId }, [
            el("td", null, [
              el("div", { class: "mono nowrap", title: d.id, text: short(d.id) }),
              el("div", { class: "mono muted endpoint", text: d.url }),
            ]),
            el("td", null, [
              el("button", {
                type: "button",
                class: "link",
                title: d.requestId,
                text: short(d.requestId),
                onclick: () => {
                  select(d.requestId);
                },
              }),
            ]),
            el("td", null, [pill(d.state)]),
            el("td", { class: "num", text: String(d.attempts) }),
            el("td", { class: "muted", title: d.lastError, text: d.lastResult || "-" }),
            el("td", null, [replayButton(d)]),
          ]),
        ),
      );
    });
  }
  function refreshOverview() {
    return getJson("/devnet/overview").then(renderOverview);
  }

  function setLive(ok) {
    $("live").className = ok ? "" : "down";
    $("live").textContent = ok ? "● live" : "● no answer";
  }
  var tick = 0;
  function poll() {
    // A hidden tab asks nothing; one round at a time, never overlapping.
    if (document.hidden) {
      setTimeout(poll, 1000);
      return;
    }
    var round = [refreshRequests()];
    if (tick++ % 2 === 0) round.push(refreshOverview(), refreshOutbox());
    Promise.all(round)
      .then(
        () => {
          setLive(true);
        },
        () => {
          setLive(false);
        },
      )
      .then(() => {
        setTimeout(poll, 1000);
      });
  }

  $("follow").addEventListener("change", () => {
    state.follow = followBox().checked;
    if (state.follow) linkTo(null);
    if (state.follow && state.requests.length) state.selected = state.requests[0].requestId;
    markSelected();
    refreshDetail().catch(() => {
      setLive(false);
    });
  });
  // Opened through a request's link (`/#request=0x…`), or the link changed: that request, selected.
  window.addEventListener("hashchange", () => {
    var linked = linkedRequest();
    if (linked && linked !== state.selected) select(linked);
  });
  if (linkedRequest()) select(linkedRequest());
  getJson("/devnet/info")
    .then((info) => {
      $("info").textContent = `${info.chains
        .map((c) => `${c.role} ${c.chainId}`)
        .concat(
          info.bitcoin ? [`bitcoin ${info.bitcoin.chainId}`] : [],
          info.exchange ? [`exchange ${info.exchange.chainId}`] : [],
        )
        .join(" · ")} · solver ${info.solver.address}`;
    })
    .catch(() => {
      setLive(false);
    });
  poll();
})();
