import { type ReactNode, useState } from "react";
import { useSearchParams } from "react-router";
import { CONSULTATION_TABS, type ConsultationTab } from "../../../../../sync/schemas/consultation.ts";
import type { AuthUser } from "../../../../../sync/schemas/user.ts";
import { useConsultationActions } from "../hooks/use-consultation-actions.ts";
import { CONSULTATIONS_PAGE_SIZE, useConsultationList } from "../hooks/use-consultation-list.ts";
import { useNow } from "../hooks/use-now.ts";
import { deviceTimeZone } from "../lib/time-format.ts";
import { ConsultationActions } from "./ConsultationActions.tsx";
import { ConsultationList } from "./ConsultationList.tsx";
import { ConsultationTabs, PANEL_ID, tabId } from "./ConsultationTabs.tsx";
import { OfflineNote } from "./OfflineNote.tsx";
import { Button } from "../../../ui/index.ts";

const isTab = (value: string | null): value is ConsultationTab => (CONSULTATION_TABS as readonly (string | null)[]).includes(value);

/**
 * The consultations of the signed-in user (01 §2: tabs All, Requests, Upcoming,
 * Past) with the actions each may take; the tab is kept in the address (`?tab=`).
 * Offline it reads the device's copy, read-only.
 */
export function ConsultationsPanel({ user, emptyAction }: { user: AuthUser; emptyAction?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: ConsultationTab = isTab(requested) ? requested : "upcoming";
  const [offset, setOffset] = useState(0);
  const now = useNow(30_000);
  const timeZone = deviceTimeZone();
  const list = useConsultationList({ tab, offset, userId: user.id, now });
  const calls = useConsultationActions();
  const waiting = list.waiting;

  const selectTab = (next: ConsultationTab) => {
    setOffset(0);
    const nextParams = new URLSearchParams(params);
    nextParams.set("tab", next);
    setParams(nextParams, { replace: true });
  };

  return (
    <section className="card stack" aria-labelledby="consultations-title" id="consultations">
      <div className="row consultations-head">
        <h2 id="consultations-title">Consultations</h2>
        <span className="muted">Times in {timeZone.replaceAll("_", " ")}</span>
      </div>
      {list.offline && <OfflineNote />}
      <ConsultationTabs value={tab} onChange={selectTab} />
      <div role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(tab)} tabIndex={0} className="tabs__panel">
        <ConsultationList
          tab={tab}
          items={list.list}
          totalCount={list.totalCount}
          offset={offset}
          pageSize={CONSULTATIONS_PAGE_SIZE}
          viewer={user}
          now={now}
          timeZone={timeZone}
          loading={list.loading}
          error={list.error}
          onRetry={list.reload}
          onPage={setOffset}
          emptyAction={tab === "upcoming" && waiting > 0
            ? (
              <Button variant="secondary" onClick={() => selectTab("requests")}>
                {waiting === 1 ? "See your request waiting for the doctor" : `See your ${waiting} requests waiting for the doctor`}
              </Button>
            )
            : emptyAction}
          renderActions={(c) => (
            <ConsultationActions
              consultation={c}
              viewer={user}
              now={now}
              timeZone={timeZone}
              calls={calls}
              readOnly={list.offline}
              onChanged={list.reload}
            />
          )}
        />
      </div>
    </section>
  );
}
