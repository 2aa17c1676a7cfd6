/**
 * Text a synced document may hold: what PostgreSQL can store. It refuses NUL in text and in
 * JSON, and a lone UTF-16 surrogate (half of an emoji cut in two) reaches it as a JSON escape it
 * refuses too (the edge writes a batch's edits as JSON). Either would answer a push with a 500
 * on every retry, blocking the device's queue; refused by the shared schema, the device never
 * stores such text (its write hooks validate with the same schema) and the server answers 400.
 */
import { z } from "zod";

export const UNSTORABLE_TEXT = "The text holds a character that cannot be stored";

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** `String.prototype.isWellFormed` where the platform has it (Firefox before 119 has not). */
const wellFormed: (text: string) => boolean = typeof String.prototype.isWellFormed === "function"
  ? (text) => text.isWellFormed()
  : (text) => !LONE_SURROGATE.test(text);

export function isStorableText(text: string): boolean {
  return !text.includes("\u0000") && wellFormed(text);
}

/** The regular expression alone (what a platform without `isWellFormed` uses), for its tests. */
export const hasLoneSurrogate = (text: string) => LONE_SURROGATE.test(text);

/** A string of at most `max` UTF-16 units that PostgreSQL can store. */
export const storableText = (max: number, message?: string) =>
  z.string().max(max, message).refine(isStorableText, UNSTORABLE_TEXT);
