/** Calendar dates the schemas take: real days, in years PostgreSQL's `date` takes (the year 0000 answered 500). */
import assert from "node:assert/strict";
import { calendarDate, isCalendarDate } from "./calendar-date.ts";

Deno.test("calendar dates: real dates from 1900 to 9999", () => {
  for (const d of ["1900-01-01", "2024-02-29", "2026-12-31", "9999-12-31"]) assert.equal(isCalendarDate(d), true, d);
});

Deno.test("calendar dates: the year 0, days that do not exist and other shapes are refused", () => {
  for (const d of ["0000-01-01", "1899-12-31", "2024-02-30", "2023-02-29", "2026-13-01", "2026-00-10", "2026-1-01", "20260101", "2026-01-01T00:00", ""]) {
    assert.equal(isCalendarDate(d), false, d);
  }
});

Deno.test("calendar dates: the schema answers with its message", () => {
  const result = calendarDate("Enter a start date").safeParse("0000-01-01");
  assert.equal(result.success, false);
  assert.equal(result.error?.issues[0].message, "Enter a start date");
  assert.equal(calendarDate().safeParse(undefined).error?.issues[0].message, "Enter a complete date: month, day and year");
});
