import { useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { docIdSchema } from "../../../../../sync/protocol.ts";
import { readOnlyReason } from "../../../app/local-data.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useLoad } from "../../../lib/use-load.ts";
import { EmptyState } from "../../../ui/index.ts";
import {
  useAttachFile,
  useDeleteNoteDraft,
  useFileUrl,
  useMedicalFiles,
  useNoteDrafts,
  useSaveNoteDraft,
  useSyncStatus,
} from "../../sync/index.ts";
import { type FileItem, FilesPanel } from "../components/FilesPanel.tsx";
import { FileViewerDialog } from "../components/FileViewerDialog.tsx";
import { NoteDraftsPanel } from "../components/NoteDraftsPanel.tsx";
import { formatBirthDate, type PatientOption, patientName } from "../patient-display.ts";

/**
 * `/doctor/patients/:patientId` and `/vma/patients/:patientId`: the patient's
 * note drafts and files, kept on this device so they work offline. The full
 * chart comes later.
 */
export function PatientWorkspacePage({ basePath }: { basePath: string }) {
  const { patientId = "" } = useParams();
  const valid = docIdSchema.safeParse(patientId).success;
  return (
    <div className="stack">
      <Link to={basePath} className="back-link"><span aria-hidden="true">←</span> All patients</Link>
      {valid ? <Workspace key={patientId} patientId={patientId} /> : (
        <>
          <title>Patient not found · DPC Telehealth</title>
          <h1>Patient not found</h1>
          <EmptyState title="This address does not name a patient" action={<Link to={basePath}>Back to the patients</Link>} />
        </>
      )}
    </div>
  );
}

function Workspace({ patientId }: { patientId: string }) {
  const patient = usePatient(patientId);
  const status = useSyncStatus();
  const reason = readOnlyReason(status);
  const drafts = useNoteDrafts(patientId);
  const saveDraft = useSaveNoteDraft();
  const deleteDraft = useDeleteNoteDraft();
  const files = useMedicalFiles(patientId);
  const attach = useAttachFile();
  const [viewing, setViewing] = useState<FileItem | null>(null);
  const name = patient ? patientName(patient) : "Patient";

  return (
    <>
      <title>{`${name} · DPC Telehealth`}</title>
      <header className="workspace-header">
        <h1>{name}</h1>
        {patient && <p className="muted">Born {formatBirthDate(patient.birthDate)}</p>}
      </header>
      <div className="workspace">
        <NoteDraftsPanel
          patientId={patientId}
          drafts={drafts.items}
          loading={drafts.loading}
          onSave={saveDraft}
          onDelete={deleteDraft}
          readOnlyReason={reason}
        />
        <FilesPanel
          files={files.items}
          loading={files.loading}
          online={status.online}
          onAttach={({ file, folder }) => attach({ patientId, file, folder })}
          onOpen={setViewing}
          readOnlyReason={reason}
        />
      </div>
      <FileViewer file={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

function FileViewer({ file, onClose }: { file: FileItem | null; onClose: () => void }) {
  const url = useFileUrl(file?.id ?? null);
  return <FileViewerDialog file={file} url={url} onClose={onClose} />;
}

/**
 * The patient's name: handed over by the list when the workspace was opened
 * from it, else looked up (null while unknown, e.g. offline).
 */
function usePatient(patientId: string): Pick<PatientOption, "firstName" | "lastName" | "birthDate"> | null {
  const api = useApi();
  const location = useLocation();
  const fromList = (location.state as { patient?: PatientOption } | null)?.patient;
  const handedOver = fromList?.id === patientId ? fromList : null;
  const loaded = useLoad(
    (signal) =>
      handedOver
        ? Promise.resolve(handedOver)
        : api.get<{ firstName: string; lastName: string; birthDate: string | null }>(`/users/${patientId}`, { signal }),
    [api, patientId, handedOver?.id],
  );
  return handedOver ?? loaded.data ?? null;
}
