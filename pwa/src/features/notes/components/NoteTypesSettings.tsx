import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { failureMessage } from "../../sync/index.ts";
import type { NoteType, NoteTypeCreate } from "../../../../../sync/schemas/note-type.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { Button, ConfirmDialog, EmptyState, LoadError, Spinner, useSnackbar } from "../../../ui/index.ts";
import { notesKeys } from "../lib/keys.ts";
import { NoteTypeForm } from "./NoteTypeForm.tsx";

export type NoteTypesSettingsProps = {
  /** The doctor manages the practice's note types (02 §6); their VMAs read them. */
  canManage: boolean;
};

/**
 * Settings → Note types (02 §2): the practice's templates for encounter notes (`GET /noteTypes/list`), and for
 * the doctor a form to add one (`POST /noteTypes`) and deletion (`DELETE /noteTypes/{id}`: hidden from the
 * pickers, notes already written keep it).
 */
export function NoteTypesSettings({ canManage }: NoteTypesSettingsProps) {
  const api = useApi();
  const notify = useSnackbar();
  const client = useQueryClient();
  const types = useQuery({ queryKey: notesKeys.types(), queryFn: ({ signal }) => api.GET("/noteTypes/list", { signal }) });
  const reload = () => client.invalidateQueries({ queryKey: notesKeys.types() });
  const [deleting, setDeleting] = useState<NoteType | null>(null);

  const create = async (input: NoteTypeCreate) => {
    const created = await api.POST("/noteTypes", { body: input });
    notify(`Note type “${created.name}” created`, "success");
    void reload();
    return created;
  };
  const remove = async (type: NoteType) => {
    await api.DELETE("/noteTypes/{id}", { path: { id: type.id } });
    notify(`Note type “${type.name}” deleted`, "success");
    void reload();
  };

  const list = types.data ?? [];
  return (
    <div className="stack note-types">
      <p className="muted">
        {canManage
          ? "Every encounter note has a type: its name and the fields it is written in, such as SOAP with Subjective, Objective, Assessment and Plan."
          : "Your doctor manages the note types; you pick one when you write a note."}
      </p>
      {types.isPending && <Spinner size={32} label="Loading note types" />}
      {types.isError && <LoadError error={types.error} onRetry={() => void types.refetch()} />}
      {types.data && list.length === 0 && (
        <EmptyState title="No note types yet">
          {canManage ? "Add one below; notes need a type." : "Ask your doctor to add one; notes need a type."}
        </EmptyState>
      )}
      {list.length > 0 && (
        <ul className="note-types__list" aria-label="Note types" aria-busy={types.isFetching}>
          {list.map((type) => (
            <li key={type.id} className="note-types__item">
              <div className="note-types__text">
                <strong>{type.name}</strong>
                <p className="muted">
                  <span className="visually-hidden">Fields:</span>
                  {type.fieldNames.join(", ")}
                </p>
              </div>
              {canManage && (
                <Button variant="secondary" aria-label={`Delete note type ${type.name}`} onClick={() => setDeleting(type)}>
                  Delete
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canManage && <NoteTypeForm onCreate={create} />}
      {deleting && (
        <ConfirmDialog
          describeFailure={failureMessage}
          title={`Delete the note type “${deleting.name}”?`}
          summary="It is no longer offered for new notes. Notes already written with it keep their type and their text."
          confirmLabel="Delete note type"
          danger
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
