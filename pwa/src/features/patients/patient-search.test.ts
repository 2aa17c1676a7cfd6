import { describe, expect, it } from "vitest";
import { matchesSearch, searchPatients } from "./patient-search.ts";

const patient = (firstName: string, lastName: string, email = `${firstName.toLowerCase()}@example.com`) =>
  ({ id: `id-${firstName}-${lastName}`, firstName, lastName, middleName: null, email, birthDate: null });

describe("searching the panel on the device", () => {
  it("matches the start of a name, every word, case and accents aside, or part of the email", () => {
    const pat = patient("Pat", "Patient", "patient@demo.test");
    expect(matchesSearch(pat, "")).toBe(true);
    expect(matchesSearch(pat, "pat")).toBe(true);
    expect(matchesSearch(pat, "PAT pati")).toBe(true);
    expect(matchesSearch(patient("Pat", "Patient", "pp@demo.test"), "atient")).toBe(false);
    expect(matchesSearch(pat, "demo.test")).toBe(true);
    expect(matchesSearch(pat, "pat smith")).toBe(false);
    expect(matchesSearch(patient("Zoë", "O'Neil-Ávila"), "zoe avila")).toBe(true);
    expect(matchesSearch({ ...pat, middleName: "Quinn" }, "quinn")).toBe(true);
  });

  it("pages the matches in the order given, 20 at a time, keeping only what the list shows", () => {
    const all = Array.from({ length: 45 }, (_, i) => ({ ...patient(`P${i}`, "Same"), card: { allergies: [] } }));
    const second = searchPatients(all, { search: "same", offset: 20, limit: 20 });
    expect(second.totalCount).toBe(45);
    expect(second.list.map((p) => p.firstName)).toEqual(all.slice(20, 40).map((p) => p.firstName));
    expect(Object.keys(second.list[0]).sort()).toEqual(["birthDate", "firstName", "id", "lastName"]);
    expect(searchPatients(all, { search: "p4", offset: 0, limit: 20 }).list.map((p) => p.firstName))
      .toEqual(["P4", "P40", "P41", "P42", "P43", "P44"]);
  });
});
