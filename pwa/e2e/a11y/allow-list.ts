/**
 * Moderate axe findings the sweep tolerates, each with its reason (also listed in
 * pwa/docs/accessibility.md). Serious and critical findings are never allowed.
 * An entry names the axe rule id and, optionally, the paths it applies to.
 */
export type Allowed = { rule: string; paths?: RegExp; reason: string };

export const ALLOWED_MODERATE: Allowed[] = [];
