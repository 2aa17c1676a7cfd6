import { describe, expect, it } from "vitest";
import { z } from "zod";
import "./trusted-types.ts";

describe("trusted-types set-up", () => {
  it("turns zod's compiled parsers off without importing zod itself", () => {
    expect(z.config().jitless).toBe(true);
  });

  it("parses objects all the same (the interpreted path)", () => {
    const schema = z.object({ name: z.string(), age: z.number().int() });
    expect(schema.parse({ name: "Ada", age: 36 })).toEqual({ name: "Ada", age: 36 });
    expect(schema.safeParse({ name: "Ada", age: "36" }).success).toBe(false);
  });
});
