import { describe, expect, it } from "vitest";
import { COLLECTION_NAMES, SYNC_COLLECTIONS } from "../../../../../sync/collections/index.ts";
import { CLIENT_SCHEMAS, ENCRYPTED_FIELDS, withEncryptedFields } from "./client-schemas.ts";

describe("client schemas", () => {
  it("list the health content as encrypted", () => {
    expect(CLIENT_SCHEMAS.chat_messages.encrypted).toEqual(["text", "fileIds"]);
    expect(CLIENT_SCHEMAS.note_drafts.encrypted).toEqual(["title", "fields"]);
    expect(CLIENT_SCHEMAS.medical_files.encrypted).toContain("name");
    expect(CLIENT_SCHEMAS.chats.encrypted).toEqual(["title"]);
    expect(CLIENT_SCHEMAS.consultations.encrypted).toContain("reason");
  });

  it("keep everything else of the shared schema, which stays unchanged", () => {
    for (const name of COLLECTION_NAMES) {
      const shared = SYNC_COLLECTIONS[name].rxSchema;
      const { encrypted, ...rest } = CLIENT_SCHEMAS[name];
      expect(rest).toEqual(shared);
      expect(encrypted).toEqual(ENCRYPTED_FIELDS[name]);
      expect("encrypted" in shared).toBe(false);
      expect(rest.properties).not.toBe(shared.properties);
    }
  });

  it("refuse to encrypt an indexed, primary or unknown field", () => {
    const schema = SYNC_COLLECTIONS.chat_messages.rxSchema;
    expect(() => withEncryptedFields(schema, ["chatId"])).toThrow(/indexed/);
    expect(() => withEncryptedFields(schema, ["id"])).toThrow(/indexed/);
    expect(() => withEncryptedFields(schema, ["nope"])).toThrow(/unknown/);
  });
});
