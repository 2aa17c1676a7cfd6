/** The shipped order catalogues: sizes, uniqueness, searches by prefix and by code, policy flags. */
import assert from "node:assert/strict";
import { LAB_TESTS, searchLabTests } from "./lab-tests.ts";
import { MEDICATIONS, medicationRefusal, searchMedications } from "./medications.ts";
import { npiCheckDigit, PHARMACIES, searchPharmacies } from "./pharmacies.ts";
import { allergyMatches, searchAllergens } from "./allergens.ts";
import { US_STATE_CODES } from "../us-states.ts";

// ---- lab tests (LOINC)
Deno.test("has at least 50 tests with unique LOINC-shaped codes", () => {
    assert.ok(LAB_TESTS.length >= 50);
    assert.equal(new Set(LAB_TESTS.map((t) => t.code)).size, LAB_TESTS.length);
    for (const t of LAB_TESTS) assert.match(t.code, /^\d{1,7}-\d$/);
});
Deno.test("finds by code prefix, by words and by alias", () => {
    assert.deepEqual(searchLabTests("4548", 5).map((t) => t.name), ["Hemoglobin A1c (HbA1c)"]);
    assert.equal(searchLabTests("lipid", 5)[0].code, "24331-1");
    assert.equal(searchLabTests("a1c", 5)[0].code, "4548-4");
    assert.equal(searchLabTests("vit d", 5)[0].code, "62292-8");
    assert.deepEqual(searchLabTests("zzz", 5), []);
});

// ---- medications
Deno.test("has at least 1,000 prescribable entries with unique synthetic RxCUIs", () => {
    const prescribable = MEDICATIONS.filter((m) => !medicationRefusal(m));
    assert.ok(prescribable.length >= 1000);
    assert.equal(new Set(MEDICATIONS.map((m) => m.rxcui)).size, MEDICATIONS.length);
    for (const m of MEDICATIONS) assert.ok(Number(m.rxcui) >= 90000000);
    for (const m of MEDICATIONS) assert.ok(m.display.length <= 105);
});
Deno.test("flags controlled schedules and excluded hormone/testosterone products", () => {
    const by = (name: string) => MEDICATIONS.find((m) => m.name === name)!;
    assert.equal(by("oxycodone").schedule, "C2");
    assert.equal(by("zolpidem").schedule, "C4");
    assert.equal(by("phentermine").schedule, "C4");
    assert.equal(by("pregabalin").schedule, "C5");
    assert.equal(by("testosterone cypionate").excluded, true);
    assert.equal(by("estradiol").excluded, true);
    assert.equal(by("levothyroxine").excluded, false);
    assert.equal(medicationRefusal(by("amoxicillin")), null);
    assert.match(medicationRefusal(by("methylphenidate")) ?? "", /controlled substance \(schedule II, stimulant \(ADHD\)\)/);
});
Deno.test("finds by name prefix, several words and RxCUI", () => {
    assert.equal(searchMedications("amox", 100).every((m) => m.name.startsWith("amox")), true);
    assert.ok(searchMedications("lisinopril 10", 10).map((m) => m.display).includes("lisinopril 10 mg oral tablet"));
    const one = MEDICATIONS[10];
    assert.deepEqual(searchMedications(one.rxcui, 5)[0], one);
});

// ---- pharmacies (fictional demo directory)
Deno.test("has at least 500, several per state, unique ids, valid NPI check digits, fictional 555-01xx numbers", () => {
    assert.ok(PHARMACIES.length >= 500);
    for (const s of US_STATE_CODES) assert.ok(PHARMACIES.filter((p) => p.state === s).length >= 5);
    assert.equal(new Set(PHARMACIES.map((p) => p.ncpdp)).size, PHARMACIES.length);
    for (const p of PHARMACIES) {
      assert.match(p.npi, /^\d{10}$/);
      assert.equal(Number(p.npi[9]), npiCheckDigit(p.npi.slice(0, 9)));
      assert.match(p.phone, /^\+1\d{3}55501\d{2}$/);
      assert.match(p.zip, /^\d{5}$/);
    }
});
Deno.test("searches by state with paging", () => {
    const first = searchPharmacies({ search: "pharmacy", state: "TX", offset: 0, limit: 2 });
    const second = searchPharmacies({ search: "pharmacy", state: "TX", offset: 2, limit: 2 });
    assert.equal(first.list.length, 2);
    assert.equal(first.totalCount, second.totalCount);
    assert.notEqual(second.list[0].ncpdp, first.list[0].ncpdp);
});

// ---- allergens and the allergy flag
Deno.test("searches by type", () => {
    assert.deepEqual(searchAllergens({ search: "pea", type: "food", limit: 5 }).map((a) => a.name), ["Peanut"]);
    assert.deepEqual(searchAllergens({ search: "pea", type: "drug", limit: 5 }), []);
});
Deno.test("flags a drug of an allergy's class, by name or by synonym", () => {
    assert.equal(allergyMatches([{ name: "Penicillin" }], { name: "amoxicillin", drugClass: "penicillin antibiotic" }).length, 1);
    assert.equal(allergyMatches([{ name: "Sulfa" }], { name: "sulfamethoxazole and trimethoprim", drugClass: "sulfonamide antibiotic" }).length, 1);
    assert.deepEqual(allergyMatches([{ name: "Peanut" }], { name: "amoxicillin", drugClass: "penicillin antibiotic" }), []);
});

Deno.test("medications list strengths in numeric order (issue 32: they sorted as text, 10, 2.5, 20, 5 mg)", () => {
  const amlodipine = searchMedications("amlodipine tablet", 20).map((m) => m.strength);
  assert.ok(amlodipine.length >= 3, amlodipine.join(", "));
  const numbers = amlodipine.map((s) => Number.parseFloat(s));
  assert.deepEqual(numbers, [...numbers].sort((a, b) => a - b), amlodipine.join(", "));
});
