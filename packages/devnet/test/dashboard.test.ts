import { copyFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createWebhookReceiver, type WebhookReceiver } from "../../../test/support/createWebhookReceiver.js";
import { useDevnet } from "../../../test/support/devnetHarness.js";
import { makeTempDir } from "../../../test/support/tempDir.js";
import { runDevnetScenario } from "../src/cli/runDevnetScenario.js";
import { nativeCurrencyAddress } from "../src/constants.js";
import type { Devnet } from "../src/createDevnet.js";

// One page, driven through a devnet's life in order: empty, a price move, payments arriving, a hostile
// referrer, a dead webhook endpoint and its replays, a request's link, a quote that expires unpaid;
// then its layout at 1280 and 800 px, with screenshots.

/** The little of the DOM the functions run in the page use (this project's TypeScript has no DOM library). */
type PageElement = {
  id: string;
  tagName: string;
  className: string;
  textContent: string | null;
  scrollWidth: number;
  clientWidth: number;
  getBoundingClientRect: () => { left: number; right: number; top: number };
};
declare const document: {
  documentElement: PageElement;
  querySelector: (selector: string) => PageElement;
  querySelectorAll: (selector: string) => ArrayLike<PageElement> & Iterable<PageElement>;
};
declare const window: { innerWidth: number; injected?: number };

/** Chromium from Debian's packages (`apt-get install -y chromium`; `.ci/run` installs it when missing). */
const chromiumPath = "/usr/bin/chromium";
/**
 * A fresh Chromium profile (--user-data-dir) each run: playwright passes it for a persistent context.
 * Made here, before the hooks below, so it is removed after the browser has closed.
 */
const profile = makeTempDir("chromium");
/** Where the screenshots go: a temporary folder, removed after the run. */
const screenshots = makeTempDir("dashboard-screenshots");
/** A folder to keep the final screenshots in (`dashboard-1280.png`, `dashboard-800.png`), when set. */
const keepScreenshotsIn = process.env.ATTESTKIT_DASHBOARD_SCREENSHOTS;
/**
 * The page shows what the devnet did once it has read it (once per block): the polls below wait for
 * that, however slow the machine; only the test's own timeout bounds them.
 */
const untilShown = { timeout: 60_000 };
/** Every panel of the page. */
const panels = [
  "#chains-panel",
  "#prices-panel",
  "#requests-panel",
  "#detail-panel",
  "#outbox-panel",
  "#accounts-panel",
  "#contracts-panel",
];
/** An endpoint nothing listens on, with a long path that has to wrap. */
const deadEndpoint = `http://127.0.0.1:1/hooks/${"unreachable-".repeat(12)}end`;
/** A referrer that would run script if the page parsed it as HTML; long, with no space to break at. */
const hostileReferrer = `<img src=x onerror="window.injected=1"><script>window.injected=2</script>${"x".repeat(120)}`;

let browser: BrowserContext;
let receiver: WebhookReceiver;
let page: Page;
const apiKey = "dashboard-key";
const pageErrors: string[] = [];
const failedResponses: string[] = [];
let paid: { requestId: string };
let refunded: { requestId: string };
let hostile: { requestId: string };
let dead: { requestId: string };
/**
 * How far the devnet's clock (the solver's: quote deadlines are checked against it) runs ahead of the
 * wall clock: the expiry test moves it past a deadline instead of waiting for one.
 */
let clockAheadMs = 0;

beforeAll(async () => {
  // Never skipped: without Chromium the test fails and says how to install it.
  if (!existsSync(chromiumPath))
    throw new Error(
      `Chromium is missing at ${chromiumPath}: the dashboard test needs it. Install it with \`apt-get update && apt-get install -y chromium\` (.ci/run does).`,
    );
  // The first attempt of each event fails, so the page shows deliveries with 2 attempts.
  receiver = await createWebhookReceiver({ secret: apiKey, failFirst: 1 });
});
afterAll(async () => {
  await receiver?.close();
});

// Started after the receiver and before the browser (hooks run in order), stopped in reverse.
const { devnet } = useDevnet(() => ({
  indexIntervalMs: 20,
  webhookUrl: receiver.url,
  apiKey,
  webhookRetry: { baseDelayMs: 20, maxDelayMs: 50 },
  now: () => Date.now() + clockAheadMs,
}));

beforeAll(async () => {
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  page = await browser.newPage();
  page.on("pageerror", (error) => pageErrors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") pageErrors.push(message.text());
  });
  page.on("response", (response) => {
    if (response.status() >= 400) failedResponses.push(`${response.status()} ${response.url()}`);
  });
});
afterAll(async () => {
  await browser?.close();
});

type Chain = Devnet["info"]["chains"][number];
const row = (requestId: string) => page.locator(`#requests tr[data-request-id="${requestId}"]`);
const detailId = () => page.textContent("#detail-id");
const height = (chainId: number) =>
  page.locator(`#chains .card[data-chain-id="${chainId}"] .height`).getAttribute("data-height").then(Number);
const balance = (address: string, key: string) =>
  page.locator(`#accounts-evm tr[data-account="${address}"] td[data-balance="${key}"]`).textContent();
const attempts = (table: string, id: string) =>
  page
    .locator(`${table} tr[data-delivery="${id}"] td`)
    .nth(table === "#outbox" ? 3 : 2)
    .textContent();

/** Where each panel lies, the page's scroll width, and every scroll area or cell whose text is cut. */
function layout() {
  return page.evaluate((selectors) => {
    const boxes = selectors.map((selector) => {
      const box = document.querySelector(selector).getBoundingClientRect();
      return { selector, left: box.left, right: box.right, top: box.top };
    });
    const cut = [...document.querySelectorAll(".scroll, td, dd, #info")]
      .filter((node) => node.scrollWidth > node.clientWidth + 1)
      .map((node) => `${node.tagName} ${node.id || node.className} ${node.textContent?.slice(0, 40)}`);
    return { width: window.innerWidth, scrollWidth: document.documentElement.scrollWidth, boxes, cut };
  }, panels);
}

test("the page opens with the chains and their heights, prices, accounts with balances and contracts", async () => {
  await page.goto(devnet().url);
  await expect.poll(() => page.textContent("#info")).toContain(devnet().info.solver.address);
  await expect.poll(() => page.isVisible("#empty")).toBe(true);
  await expect.poll(() => page.isVisible("#outbox-empty")).toBe(true);
  expect(await page.textContent("#detail-panel")).toContain("Select a request.");

  const [origin, destination] = devnet().info.chains as [Chain, Chain];
  await page.locator("#chains .card").nth(3).waitFor();
  expect(
    await page
      .locator("#chains .card")
      .evaluateAll((cards) => cards.map((card) => card.getAttribute("data-role"))),
  ).toEqual(["origin", "destination", "bitcoin", "exchange"]);
  expect(await height(origin.chainId)).toBeGreaterThan(0);
  // Where to reach it: the path on this page's origin, the whole URL in the title.
  const url = page.locator(`#chains .card[data-chain-id="${origin.chainId}"] .url`);
  expect([await url.textContent(), await url.getAttribute("title")]).toEqual([
    `RPC /rpc/${origin.chainId}`,
    origin.rpcUrl,
  ]);
  expect(await page.textContent('#chains .card[data-chain-id="3586256"] .height')).toBe("ledger");

  const prices = await page
    .locator("#prices tbody tr")
    .evaluateAll((rows) => rows.map((r) => [r.getAttribute("data-symbol"), r.children[2]?.textContent]));
  expect(prices).toEqual([
    ["ETH", "$3,000"],
    ["USDC", "$1"],
    ["WETH", "$3,000"],
    ["ETH", "$3,000"],
    ["USDC", "$1"],
    ["WETH", "$3,000"],
    ["BTC", "$100,000"],
    ["USDC (Perp)", "$1"],
  ]);
  expect(await page.textContent("#prices tbody")).toContain("unchanged");

  const account = devnet().info.testAccounts[1]?.address as string;
  expect(await balance(account, `${origin.chainId}:ETH`)).toBe("10,000");
  expect(await balance(account, `${destination.chainId}:USDC`)).toBe("1,000,000");
  expect(await page.locator("#accounts-evm tbody tr").count()).toBe(12);
  expect(await page.locator('#accounts-evm tr[data-role="solver"]').getAttribute("data-account")).toBe(
    devnet().info.solver.address,
  );
  const wallet = devnet().bitcoin.wallets[0]?.p2wpkhAddress as string;
  expect(await page.textContent(`#accounts-bitcoin tr[data-account="${wallet}"]`)).toContain("10");
  expect(await page.locator("#accounts-bitcoin tbody tr").count()).toBe(21);
  expect(await page.textContent('#accounts-exchange tr[data-account="1001"]')).toContain("1,000,000");

  const contracts = await page
    .locator("#contracts tbody tr")
    .evaluateAll((rows) =>
      rows.map((r) => `${r.getAttribute("data-chain-id")} ${r.getAttribute("data-contract")}`),
    );
  expect(contracts).toContain(`${origin.chainId} attestedDepositReceiver`);
  expect(contracts).toContain(`${destination.chainId} depository`);
  expect(await page.textContent("#contracts")).toContain(origin.contracts.depository);

  await page.screenshot({ path: join(screenshots, "dashboard-1280-empty.png"), fullPage: true });
});

test("a price move shows beside the price, from its price at the devnet's start, in a page opened after it", async () => {
  const originChainId = devnet().info.chains[0]?.chainId as number;
  const ethRow = page.locator(`#prices tr[data-price="${originChainId}:${nativeCurrencyAddress}"]`);
  const move = (bps: number) =>
    fetch(`${devnet().url}/devnet/prices`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ currency: "eth", bps }),
    });
  expect((await move(1_000)).status).toBe(200);
  // Opened after the move, the page still measures it from the start: the devnet keeps that price.
  await page.reload();
  await expect
    .poll(() => ethRow.textContent(), untilShown)
    .toMatch(/\$3,300▲ \+10\.00 % from \$3,000 at the start$/);
  expect(await ethRow.locator(".up").getAttribute("title")).toBe(
    `the devnet's prices at its start, ${new Date(devnet().prices.settings.startMs).toISOString()}`,
  );
  expect((await move(-1_000)).status).toBe(200);
  await expect.poll(() => ethRow.textContent(), untilShown).toMatch(/\$3,000unchanged$/);
});

test("each new payment is shown as it arrives, with its timeline, and the balances and heights move", async () => {
  const startHeight = await height(devnet().info.chains[0]?.chainId as number);
  paid = await runDevnetScenario({
    devnet: devnet().url,
    scenario: "success",
    account: 1,
    apiKey,
    intervalMs: 20,
  });
  await devnet().idle();
  // Not clicked: the page follows the newest request.
  await expect.poll(detailId, untilShown).toBe(paid.requestId);
  await expect.poll(() => row(paid.requestId).getAttribute("data-status"), untilShown).toBe("success");
  await expect
    .poll(() =>
      row(paid.requestId)
        .locator(".steps li")
        .evaluateAll((items) => items.map((li) => li.getAttribute("data-status"))),
    )
    .toEqual(["waiting", "pending", "submitted", "success"]);
  expect(await row(paid.requestId).textContent()).toContain("0.01 ETH");

  refunded = await runDevnetScenario({
    devnet: devnet().url,
    scenario: "ttl-expired",
    account: 2,
    apiKey,
    intervalMs: 20,
  });
  await devnet().idle();
  // A newer payment takes the detail panel over.
  await expect.poll(detailId, untilShown).toBe(refunded.requestId);
  await expect.poll(() => row(refunded.requestId).getAttribute("data-status")).toBe("refund");
  expect(await row(refunded.requestId).locator(".reason").textContent()).toContain("TTL_EXPIRED");
  expect(await page.textContent("#count")).toBe("(2)");

  const account = devnet().info.testAccounts[1]?.address as string;
  const originChainId = devnet().info.chains[0]?.chainId as number;
  await expect.poll(() => balance(account, `${originChainId}:ETH`), untilShown).toMatch(/^9,999\.98/);
  await expect.poll(() => height(originChainId)).toBeGreaterThan(startHeight);
});

test("a hostile referrer is shown as text: nothing of it runs or becomes an element", async () => {
  const origin = devnet().info.chains[0] as Devnet["info"]["chains"][number];
  const user = devnet().info.testAccounts[4]?.address;
  const response = await fetch(`${devnet().url}/quote/v2`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": apiKey },
    body: JSON.stringify({
      user,
      originChainId: origin.chainId,
      destinationChainId: devnet().info.chains[1]?.chainId,
      originCurrency: nativeCurrencyAddress,
      destinationCurrency: nativeCurrencyAddress,
      amount: "10000000000000000",
      tradeType: "EXACT_INPUT",
      referrer: hostileReferrer,
    }),
  });
  expect(response.status).toBe(200);
  hostile = (await response.json()) as { requestId: string };
  await expect.poll(detailId, untilShown).toBe(hostile.requestId);

  expect(await row(hostile.requestId).locator("[data-referrer]").textContent()).toBe(
    `ref ${hostileReferrer.slice(0, 80)}…`,
  );
  expect(await row(hostile.requestId).locator("[data-referrer]").getAttribute("title")).toBe(hostileReferrer);
  expect(await page.textContent("#detail-panel")).toContain(hostileReferrer);
  expect(
    await page.evaluate(() => ({
      injected: window.injected,
      images: document.querySelectorAll("main img").length,
      scripts: document.querySelectorAll("script").length,
    })),
  ).toEqual({ injected: undefined, images: 0, scripts: 1 });
});

test("a clicked request stays selected while newer ones arrive; following the newest again", async () => {
  await row(paid.requestId).click();
  await expect.poll(detailId).toBe(paid.requestId);
  expect(await page.isChecked("#follow")).toBe(false);
  await expect
    .poll(() =>
      page.locator("#timeline li").evaluateAll((items) => items.map((li) => li.getAttribute("data-status"))),
    )
    .toEqual(["waiting", "pending", "submitted", "success"]);
  const detail = (await page.textContent("#detail-panel")) ?? "";
  expect(detail.match(/VALID {2}signer 0xA8893c8Ba6c8ffB1032FfB7b0a13d510fc7e9BfD/g)).toHaveLength(3);
  expect(detail).not.toContain("INVALID");
  expect(detail).not.toContain("null");
  expect(detail).toContain("0.01 ETH on 31337");
  expect(detail).toMatch(/transaction0x[0-9a-f]{64}from0x/);
  await expect.poll(() => page.locator("#fills li").count()).toBe(1);
  await expect
    .poll(() =>
      page
        .locator("#webhooks tbody tr")
        .evaluateAll((rows) => rows.map((r) => [r.getAttribute("data-state"), r.children[2]?.textContent])),
    )
    .toEqual([
      ["delivered", "2"],
      ["delivered", "2"],
      ["delivered", "2"],
    ]);

  // A request whose endpoint is down: its deliveries fail every attempt.
  const deadKey = "dead-endpoint-key";
  const registered = await fetch(`${devnet().url}/devnet/webhooks/endpoints`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ apiKey: deadKey, url: deadEndpoint }),
  });
  expect(registered.status).toBe(201);
  dead = await runDevnetScenario({
    devnet: devnet().url,
    scenario: "amount-too-low",
    account: 3,
    apiKey: deadKey,
    intervalMs: 20,
  });
  await devnet().idle();
  await row(dead.requestId).waitFor(untilShown);
  // Still the clicked one, and the page says how many are newer.
  expect(await detailId()).toBe(paid.requestId);
  await expect.poll(() => page.textContent("#newer")).toBe("(3 newer)");

  await page.check("#follow");
  await expect.poll(detailId).toBe(dead.requestId);
  expect(await page.textContent("#newer")).toBe("");
});

test("the outbox lists every delivery; failed ones are replayed from it and from the request", async () => {
  const failed = page.locator('#outbox tr[data-state="failed"]');
  await expect.poll(() => failed.count(), untilShown).toBe(2);
  await expect.poll(() => page.locator("#outbox tbody tr").count()).toBe(devnet().webhookDeliveries().length);
  expect(await page.textContent("#outbox-summary")).toMatch(/^\d+ delivered · 2 failed · 0 queued$/);
  expect(await failed.first().getAttribute("data-request-id")).toBe(dead.requestId);
  expect(await failed.first().locator(".endpoint").textContent()).toBe(deadEndpoint);
  // Why it failed, in words; the error as fetch threw it on hover.
  const result = failed.first().locator("td").nth(4);
  expect(await result.textContent()).toBe(
    "port 1 is one fetch never connects to (a blocked port): give the endpoint another port",
  );
  expect(await result.getAttribute("title")).toBe("TypeError: fetch failed (cause: Error: bad port)");

  const [first, second] = (await failed.evaluateAll((rows) =>
    rows.map((r) => r.getAttribute("data-delivery")),
  )) as [string, string];
  expect(await attempts("#outbox", first)).toBe("11");
  await page.locator(`#outbox tr[data-delivery="${first}"] button[data-replay]`).click();
  // Replayed (same id), it fails again after a fresh set of retries: the attempts add up.
  await expect.poll(() => attempts("#outbox", first), untilShown).toBe("22");

  await expect.poll(detailId).toBe(dead.requestId);
  await expect.poll(() => attempts("#webhooks", second)).toBe("11");
  await page.locator(`#webhooks tr[data-delivery="${second}"] button[data-replay]`).click();
  await expect.poll(() => attempts("#webhooks", second), untilShown).toBe("22");
  await expect.poll(() => attempts("#outbox", second)).toBe("22");

  // A request id in the outbox selects its request.
  await page.locator(`#outbox tr[data-request-id="${paid.requestId}"] button.link`).first().click();
  await expect.poll(detailId).toBe(paid.requestId);
});

test("a request's link: the address names the selected request, and opening it (or reloading) selects it", async () => {
  // The outbox's button selected the paid request: the address says so.
  expect(new URL(page.url()).hash).toBe(`#request=${paid.requestId}`);
  expect(await page.locator("#detail-link").getAttribute("href")).toBe(`#request=${paid.requestId}`);
  await page.reload();
  await expect.poll(detailId, untilShown).toBe(paid.requestId);
  expect(await page.isChecked("#follow")).toBe(false);
  await expect.poll(() => row(paid.requestId).getAttribute("class")).toBe("selected");

  // Another request's link, opened in the same page.
  await page.goto(`${devnet().url}/#request=${refunded.requestId}`);
  await expect.poll(detailId, untilShown).toBe(refunded.requestId);

  // A link to a request this devnet does not have says so (its one 404 is expected).
  const unknown = `0x${"ab".repeat(32)}`;
  await page.goto(`${devnet().url}/#request=${unknown}`);
  await expect
    .poll(() => page.textContent("#detail-panel"), untilShown)
    .toContain("This devnet has no such request");
  expect(failedResponses.splice(0)).toEqual([`404 ${devnet().url}/devnet/requests/${unknown}`]);
  // Chromium logs the 404 to the console too.
  await expect.poll(() => pageErrors).toEqual([expect.stringContaining("status of 404")]);
  pageErrors.splice(0);

  // Following the newest again drops the request from the address.
  await page.check("#follow");
  await expect.poll(() => new URL(page.url()).hash).toBe("");
});

test("an unpaid quote past its deadline is shown expired, with the time it expired", async () => {
  const response = await fetch(`${devnet().url}/quote/v2`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      user: devnet().info.testAccounts[5]?.address,
      originChainId: devnet().info.chains[0]?.chainId,
      destinationChainId: devnet().info.chains[1]?.chainId,
      originCurrency: nativeCurrencyAddress,
      destinationCurrency: nativeCurrencyAddress,
      amount: "10000000000000000",
      tradeType: "EXACT_INPUT",
      ttl: 60,
    }),
  });
  expect(response.status).toBe(200);
  const { requestId } = (await response.json()) as { requestId: string };
  const expiresAt = (
    (await (await fetch(`${devnet().url}/devnet/requests/${requestId}?reading=false`)).json()) as {
      expiresAt: number;
    }
  ).expiresAt;
  await expect.poll(detailId, untilShown).toBe(requestId);
  await expect.poll(() => row(requestId).getAttribute("data-status"), untilShown).toBe("waiting");

  // The devnet's clock passes the deadline (the solver would refund a deposit now): expired, not waiting.
  clockAheadMs = 61_000;
  await expect.poll(() => row(requestId).getAttribute("data-status"), untilShown).toBe("expired");
  expect(
    await row(requestId)
      .locator(".steps li")
      .evaluateAll((items) => items.map((li) => li.textContent)),
  ).toEqual(["waiting", "expired+60 s"]);
  await expect.poll(() => page.locator("#detail-panel h2 .pill").textContent()).toBe("expired");
  expect(await page.textContent("#detail-panel")).toContain(
    `expired${new Date(expiresAt).toISOString()}, unpaid (a deposit now is refunded TTL_EXPIRED)`,
  );
});

/**
 * At the current width, with the hostile request's detail (long, unbroken text) and then the paid
 * one's: every panel lies within the window, the page does not scroll sideways, no text is cut.
 */
async function expectFits(width: number) {
  for (const { requestId } of [hostile, paid]) {
    await row(requestId).click();
    await expect.poll(detailId).toBe(requestId);
    const { scrollWidth, boxes, cut } = await layout();
    expect(scrollWidth).toBeLessThanOrEqual(width);
    expect(cut).toEqual([]);
    for (const b of boxes)
      expect([b.selector, b.left >= 0, b.right <= width]).toEqual([b.selector, true, true]);
  }
  const { boxes } = await layout();
  return (selector: string) => boxes.find((b) => b.selector === selector) as (typeof boxes)[number];
}

test("at 1280 px the requests and the detail sit side by side; at 800 px one column; nothing is cut", async () => {
  expect(await page.evaluate(() => window.innerWidth)).toBe(1280);
  const wide = await expectFits(1280);
  expect(wide("#detail-panel").left).toBeGreaterThan(wide("#requests-panel").right);
  expect(wide("#detail-panel").top).toBe(wide("#requests-panel").top);
  const wideShot = join(screenshots, "dashboard-1280.png");
  await page.screenshot({ path: wideShot, fullPage: true });

  await page.setViewportSize({ width: 800, height: 900 });
  await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(800);
  const narrow = await expectFits(800);
  // One column, in reading order.
  const tops = panels.map((selector) => narrow(selector).top);
  expect(tops).toEqual([...tops].sort((a, b) => a - b));
  expect(new Set(panels.map((selector) => narrow(selector).left)).size).toBe(1);
  const narrowShot = join(screenshots, "dashboard-800.png");
  await page.screenshot({ path: narrowShot, fullPage: true });
  expect(existsSync(wideShot) && existsSync(narrowShot)).toBe(true);
  if (keepScreenshotsIn) {
    copyFileSync(wideShot, join(keepScreenshotsIn, "dashboard-1280.png"));
    copyFileSync(narrowShot, join(keepScreenshotsIn, "dashboard-800.png"));
  }

  // The icon answered, like everything the page asked for; no script error, no refused policy.
  expect(failedResponses).toEqual([]);
  expect(pageErrors).toEqual([]);
  const icon = await page.evaluate(() =>
    fetch("/favicon.ico").then((r) => [r.status, r.headers.get("content-type")]),
  );
  expect(icon).toEqual([200, "image/svg+xml"]);
});
