// axe-core 4.14 in a playground page: the serious and critical violations of the page as it stands. Issue 33's
// accessibility tests (test/web/a11y.test.ts, and each page's own states) run it.
import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** axe-core's script, to run in the page. */
const AXE = axe.source;

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/** The serious and critical violations axe finds on the page as it stands, one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated, not added as a script tag: the page's policy allows only its own scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(c: Document, o: object): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return (found as Violation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes[0].target.join(' ')}`);
}
