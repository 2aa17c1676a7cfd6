/**
 * The shipped medication list: common outpatient drugs as generic name ×
 * strength × dose form, each with an id in RxCUI form, the drug class, the DEA
 * schedule of controlled substances and the policy exclusion of hormone and
 * testosterone products (02 §9). Built from ./medications-list.ts; see
 * ./README.md for its provenance (NOT an RxNorm extract: the RxCUIs are
 * synthetic, in a range RxNorm does not use).
 */
import { MEDICATION_LINES } from "./medications-list.ts";

export type Schedule = "C2" | "C3" | "C4" | "C5";
export type Medication = {
  /** RxCUI-shaped id (synthetic: 90000000–99999999, never a real RxNorm concept). */
  rxcui: string;
  /** Generic name. */
  name: string;
  strength: string;
  form: string;
  /** `name strength form`, as prescribed and shown. */
  display: string;
  drugClass: string;
  /** The default dispensing unit of the form. */
  unit: string;
  schedule: Schedule | null;
  /** Hormone or testosterone treatment: never prescribed here (02 §9). */
  excluded: boolean;
};

const FORMS: Record<string, [label: string, unit: string]> = {
  tab: ["oral tablet", "tablet"], "tab-er": ["extended release oral tablet", "tablet"],
  "tab-dr": ["delayed release oral tablet", "tablet"], "tab-ec": ["enteric coated oral tablet", "tablet"],
  "tab-chew": ["chewable tablet", "tablet"], "tab-odt": ["orally disintegrating tablet", "tablet"],
  "tab-sl": ["sublingual tablet", "tablet"], cap: ["oral capsule", "capsule"], "cap-er": ["extended release oral capsule", "capsule"],
  "cap-dr": ["delayed release oral capsule", "capsule"], susp: ["oral suspension", "mL"], sol: ["oral solution", "mL"],
  "sol-oral": ["oral rinse", "mL"], "sol-viscous": ["viscous oral solution", "mL"], granules: ["oral granules", "packet"],
  cream: ["topical cream", "g"], oint: ["topical ointment", "g"], "oint-eye": ["ophthalmic ointment", "g"], gel: ["topical gel", "g"],
  "gel-vaginal": ["vaginal gel", "g"], "cream-vaginal": ["vaginal cream", "g"], "supp-vaginal": ["vaginal suppository", "each"],
  lotion: ["topical lotion", "mL"], wash: ["topical wash", "mL"], foam: ["topical foam", "g"], shampoo: ["medicated shampoo", "mL"],
  "oil-ear": ["otic oil", "mL"], inh: ["inhaler", "inhaler"], "inh-neb": ["inhalation solution for nebulizer", "mL"],
  spray: ["spray", "bottle"], "spray-nasal": ["nasal spray", "bottle"], "drops-eye": ["ophthalmic drops", "mL"],
  "drops-ear": ["otic drops", "mL"], patch: ["transdermal patch", "patch"], pen: ["injection pen", "pen"], vial: ["injection vial", "mL"],
  supp: ["rectal suppository", "each"], powder: ["powder", "g"], lozenge: ["lozenge", "each"], gum: ["chewing gum", "each"],
  "film-sl": ["sublingual film", "film"],
};

/** FNV-1a, 32 bits: the same entry keeps its id whatever is added around it. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function build(): Medication[] {
  const out: Medication[] = [];
  const used = new Set<string>();
  for (const line of MEDICATION_LINES.split("\n").map((l) => l.trim()).filter(Boolean)) {
    const [name, drugClass, forms, flag = ""] = line.split("|");
    const schedule = (flag.match(/C[2-5]/)?.[0] ?? null) as Schedule | null;
    const excluded = flag.includes("X");
    for (const part of forms.split(";")) {
      const [formKey, strengths] = part.split(":");
      const form = FORMS[formKey];
      if (!form) throw new Error(`medications-list: unknown form ${formKey} (${name})`);
      for (const strength of strengths.split(",")) {
        const display = `${name} ${strength} ${form[0]}`;
        let n = 90000000 + (fnv1a(display) % 10000000);
        while (used.has(String(n))) n = n === 99999999 ? 90000000 : n + 1;
        used.add(String(n));
        out.push({ rxcui: String(n), name, strength, form: form[0], display, drugClass, unit: form[1], schedule, excluded });
      }
    }
  }
  // By name, then by strength as a number (2.5 mg before 5 mg before 10 mg, never "10, 2.5, 20, 5"), then form.
  const amount = (m: Medication) => Number.parseFloat(m.strength.replace(/,/g, "")) || 0;
  return out.sort((a, b) =>
    a.name.localeCompare(b.name) || amount(a) - amount(b) || a.display.localeCompare(b.display, "en", { numeric: true })
  );
}

export const MEDICATIONS: readonly Medication[] = build();
export const medicationById: ReadonlyMap<string, Medication> = new Map(MEDICATIONS.map((m) => [m.rxcui, m]));

/** Why a medication cannot be prescribed here, or null (02 §9: no controlled substances, no hormone or testosterone treatment). */
export function medicationRefusal(m: Medication): string | null {
  if (m.excluded) {
    return `${m.name} is a hormone or testosterone treatment, which this practice does not prescribe (prescription policy)`;
  }
  if (m.schedule) {
    return `${m.name} is a controlled substance (schedule ${m.schedule.slice(1).replace("2", "II").replace("3", "III").replace("4", "IV").replace("5", "V")}, ${m.drugClass}); controlled substances are not prescribed here (prescription policy)`;
  }
  return null;
}

/** By RxCUI (exact or prefix of digits) or by words: every word is a prefix of a word of the display name or class. */
export function searchMedications(search: string | undefined, limit: number): Medication[] {
  const q = (search ?? "").trim().toLowerCase();
  if (!q) return MEDICATIONS.slice(0, limit);
  if (/^\d+$/.test(q)) return MEDICATIONS.filter((m) => m.rxcui.startsWith(q)).slice(0, limit);
  const needles = q.split(/\s+/);
  const hits = MEDICATIONS.filter((m) => {
    const hay = `${m.display} ${m.drugClass}`.toLowerCase().split(/[\s,()/-]+/);
    return needles.every((n) => hay.some((h) => h.startsWith(n)));
  });
  // Names that start with the search first.
  return hits.sort((a, b) => Number(!a.name.startsWith(q)) - Number(!b.name.startsWith(q))).slice(0, limit);
}
