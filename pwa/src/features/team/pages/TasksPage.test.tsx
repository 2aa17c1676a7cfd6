import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TaskView } from "../../../../../sync/schemas/team.ts";
import { createFetchStub, randomUser, renderWithDeps, signedInDeps, type StubRequest, success } from "../../../test/helpers.tsx";
import { TASKS_PAGE, TasksPage } from "./TasksPage.tsx";

const ADMIN = randomUser({ role: "admin" });
const task = (i: number): TaskView => ({
  id: crypto.randomUUID(), assigneeId: ADMIN.id, assigneeName: "Ada Admin", patientId: null, patientName: null, encounterId: null,
  description: `Support task ${String(i).padStart(3, "0")}`, category: "Other", status: "open", dueDate: null, createdBy: ADMIN.id,
  createdByName: "Ada Admin", onBehalfOf: null, createdAt: "2026-01-10T15:00:00.000Z",
});

/** `POST /adminTasks/list` as the edge pages it: the status filter, offset and limit in the body. */
const listed = (rows: () => readonly TaskView[]) => ({ body }: StubRequest) => {
  const { filter, offset = 0, limit = 20 } = body as { filter: { status: string }; offset?: number; limit?: number };
  const found = rows().filter((t) => filter.status === "all" || t.status === filter.status);
  return success({ list: found.slice(offset, offset + limit), offset, limit, totalCount: found.length });
};
const lastBody = (calls: StubRequest[]) => calls.filter((c) => c.path === "/adminTasks/list").at(-1)!.body as { offset: number; limit: number };

describe("TasksPage: the admins' desk", { timeout: 20_000 }, () => {
  it("pages through the tasks with the shared pager, the offset asked of the server; a filter starts at the first page", async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 45 }, (_, i) => task(i + 1));
    const stub = createFetchStub({ "POST /adminTasks/list": listed(() => all), "GET /adminTasks/assignees/dropdown": () => success({ list: [] }) });
    renderWithDeps(<TasksPage area="admin" />, signedInDeps(ADMIN, { fetch: stub.fetch }));
    const pages = await screen.findByRole("navigation", { name: "Tasks pages" });
    expect(within(pages).getByText(`1–${TASKS_PAGE} of 45`)).toBeTruthy();
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(await screen.findByText(`${TASKS_PAGE + 1}–${2 * TASKS_PAGE} of 45`)).toBeTruthy();
    expect(lastBody(stub.calls)).toMatchObject({ offset: TASKS_PAGE, limit: TASKS_PAGE });
    expect(await screen.findByText("Support task 021")).toBeTruthy();

    await user.selectOptions(screen.getByLabelText("Status"), "all");
    await waitFor(() => expect(lastBody(stub.calls)).toMatchObject({ filter: { status: "all" }, offset: 0 }));
  });

  it("the last open task of the last page closed: back to the last page that has open tasks", async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 2 * TASKS_PAGE + 1 }, (_, i) => task(i + 1));
    const last = all[all.length - 1];
    const stub = createFetchStub({
      "POST /adminTasks/list": listed(() => all),
      "GET /adminTasks/assignees/dropdown": () => success({ list: [] }),
      [`PUT /adminTasks/close/${last.id}`]: () => {
        last.status = "closed";
        return success(last);
      },
    });
    renderWithDeps(<TasksPage area="admin" />, signedInDeps(ADMIN, { fetch: stub.fetch }));
    await user.click(within(await screen.findByRole("navigation", { name: "Tasks pages" })).getByRole("button", { name: "Next" }));
    await user.click(within(await screen.findByRole("navigation", { name: "Tasks pages" })).getByRole("button", { name: "Next" }));
    const item = await screen.findByRole("listitem", { name: `Task: ${last.description}` });
    await user.click(within(item).getByRole("button", { name: "Close task" }));
    expect(await screen.findByText(`${TASKS_PAGE + 1}–${2 * TASKS_PAGE} of ${2 * TASKS_PAGE}`)).toBeTruthy();
    await waitFor(() => expect(lastBody(stub.calls).offset).toBe(TASKS_PAGE));
    expect(screen.queryByText("No tasks here")).toBeNull();
  });
});
