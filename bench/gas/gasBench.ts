/**
 * `npm run bench:gas`: prints the itemised floor and the figures, then, as the LAST line, one
 * JSON object with every figure (gas from transaction receipts).
 */
import { measureGas } from "./measureGas.js";

const result = await measureGas();
console.log("floor items (unavoidable parts of payNative - directDepositNative):");
for (const item of result.floorItems) {
  console.log(`  ${item.name.padEnd(20)} ${String(item.gas).padStart(6)}  ${item.why}`);
}
console.log(`  ${"total".padEnd(20)} ${String(result.floor).padStart(6)}`);
console.log(
  `directDepositNative ${result.directDepositNative}, payNative ${result.payNative} (overhead ${result.overhead}), ` +
    `OpenZeppelin baseline ${result.ozBaselinePayNative} (overhead ${result.ozBaselineOverhead}), payErc20 ${result.payErc20}`,
);
console.log(
  `overhead / floor = ${result.overheadOverFloor} (target <= 1.10), overhead / ozBaselineOverhead = ${result.overheadOverOzBaseline} (target <= 0.90)`,
);
console.log(
  "order floor items (unavoidable parts of payOrderNative - the direct deposit under the order id):",
);
for (const item of result.orderFloorItems) {
  console.log(`  ${item.name.padEnd(20)} ${String(item.gas).padStart(6)}  ${item.why}`);
}
console.log(`  ${"total".padEnd(20)} ${String(result.orderFloor).padStart(6)}`);
console.log(
  `direct deposit under the order id ${result.orderDirectDepositNative}, payOrderNative ${result.payOrderNative} ` +
    `(overhead ${result.orderOverhead}), payOrderErc20 ${result.payOrderErc20}`,
);
console.log(
  `the same order in the v2 layout: payOrderV2Native ${result.payOrderV2Native}, payOrderV2Erc20 ${result.payOrderV2Erc20}`,
);
console.log(`order overhead / order floor = ${result.orderOverheadOverFloor} (target <= 1.17)`);
const { floorItems, orderFloorItems, ...figures } = result;
console.log(
  JSON.stringify({
    ...figures,
    // The two ratios also under the names the acceptance uses.
    "overhead/floor": figures.overheadOverFloor,
    "overhead/ozBaselineOverhead": figures.overheadOverOzBaseline,
    floorItems: Object.fromEntries(floorItems.map((item) => [item.name, item.gas])),
    "orderOverhead/orderFloor": figures.orderOverheadOverFloor,
    orderFloorItems: Object.fromEntries(orderFloorItems.map((item) => [item.name, item.gas])),
  }),
);
