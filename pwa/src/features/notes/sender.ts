/**
 * The background sender of notes' waiting text (`WaitingTextSender`), a dynamic entry of its own: the header
 * loads it only while some note's text waits, without the editor's chunk (Tiptap).
 */
export { WaitingTextSender } from "./components/WaitingTextSender.tsx";
