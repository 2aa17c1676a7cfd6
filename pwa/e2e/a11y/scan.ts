/** One axe-core scan as the accessibility gate judges it (issue 12), shared by the sweep and single-screen tests. */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ALLOWED_MODERATE } from "./allow-list.ts";

/** WCAG 2.1 A and AA, the level the product promises. */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

export type Finding = string;

/** Serious and critical findings, and moderate ones the allow-list does not name for `path`; `where` labels them. */
export async function scan(page: Page, where: string, path: string): Promise<Finding[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found: Finding[] = [];
  for (const v of violations) {
    const serious = v.impact === "serious" || v.impact === "critical";
    const moderate = v.impact === "moderate";
    if (!serious && !moderate) continue;
    if (moderate && ALLOWED_MODERATE.some((a) => a.rule === v.id && (!a.paths || a.paths.test(path)))) continue;
    for (const node of v.nodes) {
      const why = [...node.any, ...node.all, ...node.none].map((c) => c.message).filter(Boolean)[0] ?? v.help;
      found.push(`${v.impact} ${v.id} at ${node.target.join(" ")} — ${where}: ${why}`);
    }
  }
  return found;
}

