/** The registry of synced collections, keyed by the name used in sync paths and events. */
import { chatsCollection } from "./chats.ts";
import { chatMessagesCollection } from "./chat-messages.ts";
import { noteDraftsCollection } from "./note-drafts.ts";
import { medicalFilesCollection } from "./medical-files.ts";
import { consultationsCollection } from "./consultations.ts";
import { encounterNotesCollection } from "./encounter-notes.ts";
import { tasksCollection } from "./tasks.ts";
import { macrosCollection } from "./macros.ts";
import { patientsCollection } from "./patients.ts";
import { chartEntriesCollection } from "./chart-entries.ts";
import { noteTypesCollection } from "./note-types.ts";
import { practiceMembersCollection } from "./practice-members.ts";
import type { AnyCollection } from "./types.ts";

export const SYNC_COLLECTIONS = {
  chats: chatsCollection,
  chat_messages: chatMessagesCollection,
  note_drafts: noteDraftsCollection,
  medical_files: medicalFilesCollection,
  consultations: consultationsCollection,
  encounter_notes: encounterNotesCollection,
  tasks: tasksCollection,
  macros: macrosCollection,
  patients: patientsCollection,
  chart_entries: chartEntriesCollection,
  note_types: noteTypesCollection,
  practice_members: practiceMembersCollection,
} as const;
export type CollectionName = keyof typeof SYNC_COLLECTIONS;
export const COLLECTION_NAMES = Object.keys(SYNC_COLLECTIONS) as CollectionName[];

export const isCollectionName = (name: string): name is CollectionName => Object.hasOwn(SYNC_COLLECTIONS, name);

/** The registry entry with its document type erased, for generic code (the edge's push and pull). */
export const collectionOf = (name: CollectionName): AnyCollection => SYNC_COLLECTIONS[name] as unknown as AnyCollection;

export * from "./types.ts";
export * from "./merge.ts";
export * from "./chats.ts";
export * from "./chat-messages.ts";
export * from "./note-drafts.ts";
export * from "./medical-files.ts";
export * from "./consultations.ts";
export * from "./encounter-notes.ts";
export * from "./tasks.ts";
export * from "./macros.ts";
export * from "./patients.ts";
export * from "./chart-entries.ts";
export * from "./chart-entry-input.ts";
export * from "./chart-order-data.ts";
export * from "./note-types.ts";
export * from "./practice-members.ts";
