/**
 * The pharmacy directory: FICTIONAL demo pharmacies, 10 per state and DC (510).
 * Generated deterministically below from real city names, real area codes and
 * ZIP prefixes of each state, with invented store names, street numbers and
 * the fictional 555-01xx telephone range; NCPDP ids are 7 digits and NPIs are
 * 10 digits with a valid Luhn check digit, but none belongs to a real pharmacy.
 * A production deployment replaces this with the e-prescribing vendor's
 * pharmacy directory (its search API). See ./README.md.
 *
 * One pharmacy in five takes prescriptions by fax only (`erx: false`): the
 * e-prescribing emulator reports an electronic send to it as an error, as a
 * real network does for a pharmacy that is not enabled.
 */
import type { UsState } from "../us-states.ts";

export type Pharmacy = {
  /** NCPDP provider id (7 digits): the id used everywhere. */
  ncpdp: string;
  npi: string;
  name: string;
  address: string;
  city: string;
  state: UsState;
  zip: string;
  phone: string;
  fax: string;
  /** Accepts electronic prescriptions (else fax only). */
  erx: boolean;
};

// state: [city, city], ZIP prefix (3 digits), area code
const STATES: Record<UsState, [string, string, string, string]> = {
  AL: ["Birmingham", "Montgomery", "350", "205"], AK: ["Anchorage", "Fairbanks", "995", "907"],
  AZ: ["Phoenix", "Tucson", "850", "602"], AR: ["Little Rock", "Fayetteville", "722", "501"],
  CA: ["Sacramento", "San Diego", "958", "916"], CO: ["Denver", "Colorado Springs", "802", "303"],
  CT: ["Hartford", "New Haven", "061", "860"], DE: ["Wilmington", "Dover", "198", "302"],
  DC: ["Washington", "Washington", "200", "202"], FL: ["Tampa", "Orlando", "336", "813"],
  GA: ["Atlanta", "Savannah", "303", "404"], HI: ["Honolulu", "Hilo", "968", "808"],
  ID: ["Boise", "Idaho Falls", "837", "208"], IL: ["Chicago", "Springfield", "606", "312"],
  IN: ["Indianapolis", "Fort Wayne", "462", "317"], IA: ["Des Moines", "Cedar Rapids", "503", "515"],
  KS: ["Wichita", "Topeka", "672", "316"], KY: ["Louisville", "Lexington", "402", "502"],
  LA: ["New Orleans", "Baton Rouge", "701", "504"], ME: ["Portland", "Bangor", "041", "207"],
  MD: ["Baltimore", "Annapolis", "212", "410"], MA: ["Boston", "Worcester", "021", "617"],
  MI: ["Detroit", "Grand Rapids", "482", "313"], MN: ["Minneapolis", "Saint Paul", "554", "612"],
  MS: ["Jackson", "Gulfport", "392", "601"], MO: ["Kansas City", "Saint Louis", "641", "816"],
  MT: ["Billings", "Missoula", "591", "406"], NE: ["Omaha", "Lincoln", "681", "402"],
  NV: ["Reno", "Las Vegas", "895", "775"], NH: ["Manchester", "Concord", "031", "603"],
  NJ: ["Newark", "Trenton", "071", "973"], NM: ["Albuquerque", "Santa Fe", "871", "505"],
  NY: ["New York", "Buffalo", "100", "212"], NC: ["Charlotte", "Raleigh", "282", "704"],
  ND: ["Fargo", "Bismarck", "581", "701"], OH: ["Columbus", "Cleveland", "432", "614"],
  OK: ["Oklahoma City", "Tulsa", "731", "405"], OR: ["Portland", "Eugene", "972", "503"],
  PA: ["Philadelphia", "Pittsburgh", "191", "215"], RI: ["Providence", "Warwick", "029", "401"],
  SC: ["Columbia", "Charleston", "292", "803"], SD: ["Sioux Falls", "Rapid City", "571", "605"],
  TN: ["Nashville", "Memphis", "372", "615"], TX: ["Austin", "Houston", "787", "512"],
  UT: ["Salt Lake City", "Provo", "841", "801"], VT: ["Burlington", "Montpelier", "054", "802"],
  VA: ["Richmond", "Norfolk", "232", "804"], WA: ["Seattle", "Spokane", "981", "206"],
  WV: ["Charleston", "Morgantown", "253", "304"], WI: ["Milwaukee", "Madison", "532", "414"],
  WY: ["Cheyenne", "Casper", "820", "307"],
};

const NAMES = [
  "Main Street Pharmacy", "Cedar Drug", "Riverside Apothecary", "Oak Hill Pharmacy", "Lakeview Drugs",
  "Maple Family Pharmacy", "Parkside Pharmacy", "Summit Health Pharmacy", "Harbor Drug", "Pinecrest Pharmacy",
  "Willow Creek Pharmacy", "Northgate Drugs", "Heritage Pharmacy", "Union Square Pharmacy", "Valley Care Pharmacy",
  "Bluebird Pharmacy", "Corner Drug", "Meadowbrook Pharmacy", "Elm Street Apothecary", "Sunrise Pharmacy",
];
const STREETS = ["Main St", "Oak Ave", "Elm St", "Maple Ave", "Washington Blvd", "Park Rd", "Lake Dr", "Center St", "Hill Rd", "Market St"];

/** NPI check digit: Luhn over the 80840 prefix and the first nine digits (CMS NPI standard). */
export function npiCheckDigit(first9: string): number {
  const digits = `80840${first9}`.split("").map(Number);
  let sum = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits[i];
    if (double) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

function build(): Pharmacy[] {
  const out: Pharmacy[] = [];
  let n = 0;
  for (const [state, [city1, city2, zip3, area]] of Object.entries(STATES) as [UsState, [string, string, string, string]][]) {
    for (let i = 0; i < 10; i++, n++) {
      const city = i % 2 === 0 ? city1 : city2;
      const name = NAMES[(n * 7 + i) % NAMES.length];
      const npi9 = String(150000000 + n * 7919).slice(0, 9);
      const two = (n * 37 + i) % 100;
      out.push({
        ncpdp: String(1000000 + n * 1733 + i).slice(0, 7),
        npi: `${npi9}${npiCheckDigit(npi9)}`,
        name: `${name} #${100 + i}`,
        address: `${100 + ((n * 131) % 8900)} ${STREETS[(n + i) % STREETS.length]}`,
        city,
        state,
        zip: `${zip3}${String((n * 3 + i) % 100).padStart(2, "0")}`,
        phone: `+1${area}55501${String(two).padStart(2, "0")}`,
        fax: `+1${area}55501${String((two + 50) % 100).padStart(2, "0")}`,
        erx: n % 5 !== 4,
      });
    }
  }
  return out;
}

export const PHARMACIES: readonly Pharmacy[] = build();
export const pharmacyById: ReadonlyMap<string, Pharmacy> = new Map(PHARMACIES.map((p) => [p.ncpdp, p]));

/**
 * 02 §7: `{search, state, offset}`, the search at least 3 symbols (checked by the
 * schema): words of the name, the city, a ZIP prefix, or an NCPDP/NPI prefix.
 */
export function searchPharmacies(q: { search: string; state?: UsState; offset: number; limit: number }) {
  const s = q.search.trim().toLowerCase();
  const needles = s.split(/\s+/);
  const hits = PHARMACIES.filter((p) => {
    if (q.state && p.state !== q.state) return false;
    if (/^\d+$/.test(s)) return p.ncpdp.startsWith(s) || p.npi.startsWith(s) || p.zip.startsWith(s);
    const hay = `${p.name} ${p.city} ${p.address}`.toLowerCase().split(/[\s#,]+/);
    return needles.every((n) => hay.some((h) => h.startsWith(n)));
  });
  return { list: hits.slice(q.offset, q.offset + q.limit), totalCount: hits.length };
}
