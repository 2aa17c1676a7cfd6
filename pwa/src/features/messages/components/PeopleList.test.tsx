import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { type ChatPerson, PeopleList } from "./PeopleList.tsx";

const people: ChatPerson[] = [
  { id: "d", firstName: "Grace", lastName: "Hopper", role: "doctor", isOnline: true },
  { id: "v", firstName: "Ada", lastName: "Lovelace", role: "vma", isOnline: false },
];

function Harness({ onMore, searches }: { onMore: () => void; searches: string[] }) {
  const [search, setSearch] = useState("");
  return (
    <PeopleList
      label="People"
      people={people}
      loading={false}
      search={search}
      onSearch={(value) => {
        searches.push(value);
        setSearch(value);
      }}
      hasMore
      onMore={onMore}
      empty="Nobody"
      action={(person) => <button type="button">Write to {person.firstName}</button>}
    />
  );
}

describe("PeopleList", () => {
  it("lists people with role, presence and their action; searches and pages", async () => {
    const user = userEvent.setup();
    let more = 0;
    const searches: string[] = [];
    render(<Harness onMore={() => more++} searches={searches} />);
    const rows = within(screen.getByRole("list", { name: "People" })).getAllByRole("listitem");
    expect(rows[0].textContent).toContain("Grace Hopper");
    expect(rows[0].textContent).toContain("Doctor");
    expect(within(rows[0]).getByRole("img", { name: "Online" })).toBeTruthy();
    expect(within(rows[1]).getByRole("img", { name: "Offline" })).toBeTruthy();
    expect(within(rows[1]).getByRole("button", { name: "Write to Ada" })).toBeTruthy();
    await user.type(screen.getByRole("searchbox", { name: "Search people" }), "gr");
    expect(searches.at(-1)).toBe("gr");
    await user.click(screen.getByRole("button", { name: "Show more" }));
    expect(more).toBe(1);
  });

  it("says when nobody is listed", () => {
    render(<PeopleList label="People" people={[]} loading={false} search="" onSearch={() => {}} action={() => null} empty="Nobody to write to yet." />);
    expect(screen.getByText("Nobody to write to yet.")).toBeTruthy();
  });
});
