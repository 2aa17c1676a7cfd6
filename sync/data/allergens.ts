/**
 * Allergens to record on the medical card (`GET /allergies {search, type}`):
 * drug allergies (common drug names and the drug classes of ./medications.ts),
 * foods (the major US food allergens) and environmental ones. Written for this
 * project; a terminology service (RxNorm/SNOMED) can replace it.
 */
import { MEDICATIONS } from "./medications.ts";

export type AllergenType = "drug" | "food" | "environment";
export type Allergen = { name: string; type: AllergenType };

const DRUGS = [
  "Penicillin", "Amoxicillin", "Ampicillin", "Cephalosporins", "Sulfa (sulfonamides)", "Codeine", "Morphine", "Aspirin", "Ibuprofen",
  "NSAIDs", "Macrolides", "Erythromycin", "Azithromycin", "Tetracyclines", "Fluoroquinolones", "Ciprofloxacin", "Vancomycin",
  "Lisinopril (ACE inhibitors)", "Statins", "Contrast dye (iodinated)", "Local anesthetics", "Anticonvulsants", "Insulin", "Metformin",
];
const FOODS = ["Peanut", "Tree nuts", "Milk", "Egg", "Wheat", "Soy", "Fish", "Shellfish", "Sesame", "Gluten", "Strawberry"];
const ENVIRONMENT = ["Pollen", "Grass pollen", "Ragweed", "Dust mites", "Mold", "Cat dander", "Dog dander", "Bee stings", "Latex", "Nickel", "Cockroach"];

export const ALLERGENS: readonly Allergen[] = [
  ...[...new Set([...DRUGS, ...MEDICATIONS.map((m) => m.drugClass)])].map((name) => ({ name, type: "drug" as const })),
  ...FOODS.map((name) => ({ name, type: "food" as const })),
  ...ENVIRONMENT.map((name) => ({ name, type: "environment" as const })),
];

export function searchAllergens(q: { search?: string; type?: AllergenType; limit: number }): Allergen[] {
  const s = (q.search ?? "").trim().toLowerCase();
  return ALLERGENS.filter((a) => (!q.type || a.type === q.type) && (!s || a.name.toLowerCase().split(/[\s()/-]+/).some((w) => w.startsWith(s)) || a.name.toLowerCase().startsWith(s)))
    .slice(0, q.limit);
}

const SYNONYMS: Record<string, string[]> = {
  sulfa: ["sulfonamide", "sulfamethoxazole"], sulfonamides: ["sulfonamide"], nsaids: ["nsaid"], penicillins: ["penicillin"],
  cephalosporins: ["cephalosporin"], macrolides: ["macrolide"], tetracyclines: ["tetracycline"], fluoroquinolones: ["fluoroquinolone"],
  statins: ["statin"], opioids: ["opioid"], codeine: ["codeine", "opioid"], "ace": ["ace"],
};
const words = (s: string) => s.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 3);

/**
 * Which recorded allergies a medication may touch: an allergy word (or its
 * class synonym) that begins a word of the drug's name or class. A flag for
 * the prescriber to confirm, not a clinical decision.
 */
export function allergyMatches(allergies: { name: string }[], med: { name: string; drugClass: string }): { allergy: string; reason: string }[] {
  const nameWords = words(med.name);
  const classWords = words(med.drugClass);
  const out: { allergy: string; reason: string }[] = [];
  for (const a of allergies) {
    const needles = words(a.name).flatMap((w) => [w, ...(SYNONYMS[w] ?? [])]);
    if (needles.some((n) => nameWords.some((w) => w.startsWith(n)))) out.push({ allergy: a.name, reason: `${med.name} matches the recorded allergy` });
    else if (needles.some((n) => n.length >= 4 && classWords.some((w) => w.startsWith(n)))) {
      out.push({ allergy: a.name, reason: `${med.name} is a ${med.drugClass}` });
    }
  }
  return out;
}
