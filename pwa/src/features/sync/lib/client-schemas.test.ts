import { describe, expect, it } from "vitest";
import { COLLECTION_NAMES, SYNC_COLLECTIONS } from "../../../../../sync/collections/index.ts";
import { checkSealedFields, CLIENT_SCHEMAS, SEALED_FIELDS, sealedFieldsOf } from "./client-schemas.ts";

describe("client schemas", () => {
  it("list the health content as sealed", () => {
    expect(sealedFieldsOf("chat_messages")).toEqual(["text", "fileIds"]);
    expect(sealedFieldsOf("note_drafts")).toEqual(["title", "fields"]);
    expect(sealedFieldsOf("medical_files")).toContain("name");
    expect(sealedFieldsOf("chats")).toEqual(["title"]);
    expect(sealedFieldsOf("consultations")).toContain("reason");
    expect(sealedFieldsOf("encounter_notes")).toEqual(["typeName", "fieldNames"]);
    expect(sealedFieldsOf("_rxdb_internal")).toEqual([]);
  });

  it("are copies of the shared schemas, which stay unchanged, with no RxDB `encrypted` list", () => {
    for (const name of COLLECTION_NAMES) {
      const shared = SYNC_COLLECTIONS[name].rxSchema;
      expect(CLIENT_SCHEMAS[name]).toEqual(shared);
      expect("encrypted" in CLIENT_SCHEMAS[name]).toBe(false);
      expect(CLIENT_SCHEMAS[name].properties).not.toBe(shared.properties);
      expect(SEALED_FIELDS[name].length).toBeGreaterThan(0);
    }
  });

  it("refuse to seal an indexed, primary or unknown field", () => {
    const schema = SYNC_COLLECTIONS.chat_messages.rxSchema;
    expect(() => checkSealedFields(schema, ["chatId"])).toThrow(/indexed/);
    expect(() => checkSealedFields(schema, ["id"])).toThrow(/indexed/);
    expect(() => checkSealedFields(schema, ["nope"])).toThrow(/unknown/);
  });
});
