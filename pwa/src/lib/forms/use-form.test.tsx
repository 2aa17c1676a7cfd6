import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { SnackbarProvider } from "../../ui/Snackbar.tsx";
import { ApiError } from "../api/api-error.ts";
import { flattenErrors } from "./schema-resolver.ts";
import { useForm } from "./use-form.ts";

const schema = z.strictObject({
  name: z.string().min(1, "Name is required"),
  allergies: z.array(z.object({ name: z.string().min(1, "Allergy name is required") })),
});
type Values = { name: string; allergies: { name: string }[] };

function Harness({ onValid, announceFailure }: { onValid: (data: Values) => Promise<void>; announceFailure?: boolean }) {
  const form = useForm({ schema, initial: { name: "", allergies: [{ name: "" }] } as Values, idPrefix: "t", announceFailure });
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <label htmlFor={form.fieldId("name")}>Name</label>
      <input id={form.fieldId("name")} value={form.values.name} onChange={(e) => form.set("name", e.target.value)} />
      <label htmlFor={form.fieldId("allergies.0.name")}>Allergy</label>
      <input
        id={form.fieldId("allergies.0.name")}
        value={form.values.allergies[0]?.name ?? ""}
        onChange={(e) => form.set("allergies", [{ name: e.target.value }])}
      />
      <output data-testid="errors">{JSON.stringify(form.errors)}</output>
      {form.formError && <p data-testid="form-error">{form.formError}</p>}
      <button type="submit" disabled={form.submitting}>Save</button>
    </form>
  );
}

const errorsShown = () => JSON.parse(screen.getByTestId("errors").textContent ?? "{}");

describe("useForm", () => {
  it("keys the schema's errors by dotted path, focuses the first and sends nothing", async () => {
    const user = userEvent.setup();
    const onValid = vi.fn(async () => {});
    render(<Harness onValid={onValid} />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(errorsShown()).toEqual({ name: "Name is required", "allergies.0.name": "Allergy name is required" }));
    expect(document.activeElement).toBe(screen.getByLabelText("Name"));
    expect(onValid).not.toHaveBeenCalled();
  });

  it("clears a field's errors, nested ones included, when it is edited", async () => {
    const user = userEvent.setup();
    render(<Harness onValid={async () => {}} />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await user.type(screen.getByLabelText("Allergy"), "d");
    await waitFor(() => expect(errorsShown()).toEqual({ name: "Name is required" }));
  });

  it("puts the server's details.fields beside the fields and says its message once", async () => {
    const user = userEvent.setup();
    const refused = new ApiError({ message: "Name taken", code: 400, details: { fields: { name: "Name taken", "allergies.0.name": "Unknown" } } });
    const onValid = vi.fn(() => Promise.reject(refused));
    render(<SnackbarProvider><Harness onValid={onValid} /></SnackbarProvider>);
    await user.type(screen.getByLabelText("Name"), "Ada");
    await user.type(screen.getByLabelText("Allergy"), "dust");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(errorsShown()).toEqual({ name: "Name taken", "allergies.0.name": "Unknown" }));
    expect(onValid).toHaveBeenCalledWith({ name: "Ada", allergies: [{ name: "dust" }] });
    expect(screen.queryByTestId("form-error")).toBeNull();
    expect(screen.getAllByText(/Name taken/)).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByLabelText("Name"));
  });

  it("keeps a failure for the whole form above the button and announces it unless told not to", async () => {
    const user = userEvent.setup();
    const refused = new ApiError({ message: "Try later", code: 503 });
    const { unmount } = render(<SnackbarProvider><Harness onValid={() => Promise.reject(refused)} /></SnackbarProvider>);
    await user.type(screen.getByLabelText("Name"), "Ada");
    await user.type(screen.getByLabelText("Allergy"), "dust");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByTestId("form-error")).textContent).toBe("Try later");
    expect(screen.getAllByText("Try later")).toHaveLength(2);
    unmount();

    render(<SnackbarProvider><Harness onValid={() => Promise.reject(refused)} announceFailure={false} /></SnackbarProvider>);
    await user.type(screen.getByLabelText("Name"), "Ada");
    await user.type(screen.getByLabelText("Allergy"), "dust");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByTestId("form-error")).textContent).toBe("Try later");
    expect(screen.getAllByText("Try later")).toHaveLength(1);
  });

  it("disables the button while the request is in flight and sends once", async () => {
    const user = userEvent.setup();
    let finish = () => {};
    const onValid = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Harness onValid={onValid} />);
    await user.type(screen.getByLabelText("Name"), "Ada");
    await user.type(screen.getByLabelText("Allergy"), "dust");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true));
    finish();
    await waitFor(() => expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(false));
    expect(onValid).toHaveBeenCalledTimes(1);
  });
});

describe("flattenErrors", () => {
  it("reads react-hook-form's nested errors as dotted paths, leaving its form-level root out", () => {
    expect(flattenErrors({
      name: { type: "custom", message: "Name is required" },
      record: { type: "custom", message: "Bad record", type_: { type: "custom", message: "Bad kind" } },
      list: [undefined, { name: { type: "custom", message: "Bad item" } }],
      root: { server: { type: "server", message: "Refused" } },
    } as never)).toEqual({
      name: "Name is required",
      record: "Bad record",
      "record.type_": "Bad kind",
      "list.1.name": "Bad item",
    });
  });
});
