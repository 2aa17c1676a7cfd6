/**
 * NPI format check (CMS): ten digits whose last is the Luhn check digit of the
 * number prefixed with the card-issuer code 80840.
 */
export function isValidNpi(npi: string | null | undefined): boolean {
  if (!npi || !/^\d{10}$/.test(npi)) return false;
  const digits = `80840${npi}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
