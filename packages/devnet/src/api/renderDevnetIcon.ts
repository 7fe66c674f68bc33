/**
 * The logo the devnet serves for a currency or chain (`GET /devnet/icons/{file}`): a circle with
 * the first four letters of the file's name, upper case. Only letters and digits reach the SVG, so
 * a crafted name cannot inject markup.
 *
 * @param file - The file asked for, e.g. `usdc.svg`.
 * @returns The SVG text.
 * @example
 * renderDevnetIcon("usdc.svg") // '<svg ...>...USDC</text></svg>'
 */
export function renderDevnetIcon(file: string): string {
  const label = file
    .replace(/\.svg$/, "")
    .slice(0, 4)
    .toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="#627eea"/><text x="32" y="38" font-size="16" text-anchor="middle" fill="#fff">${label.replace(/[^A-Z0-9]/g, "")}</text></svg>`;
}
