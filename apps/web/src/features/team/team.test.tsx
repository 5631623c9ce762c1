import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import type { EnterpriseRole } from "@app/domain";
import { makePagination, makeUser } from "@/test/fixtures";
import { apiError, server } from "@/test/msw-server";
import { renderApp, serveSession, storeSession } from "@/test/render";
import type {
  DashboardRow,
  EnterpriseDetail,
  MyAccount,
  TeamPerson,
} from "./team-api";
import { periodRange, responseTimeText } from "./team-text";

const SLOW = { timeout: 10_000 };

const person = (
  id: string,
  firstName: string,
  lastName: string,
): TeamPerson => ({
  _id: id,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@example.ph`,
});
const OWNER = person("u_owner", "Olga", "Santos");
const ADMIN = person("u_admin", "Adan", "Cruz");
const MEMBER = person("u_member", "Mila", "Reyes");
const OTHER = person("u_other", "Nico", "Lim");

const TEAM = {
  _id: "e_1",
  name: "Loyola Realty",
  owner: OWNER,
  seatLimit: 5,
  seatsUsed: 4,
  status: "active" as const,
  poolBalance: 1200,
  createdAt: "2026-11-01T00:00:00.000Z",
};

function row(p: TeamPerson, role: EnterpriseRole, listings = 0): DashboardRow {
  return {
    user: p,
    role,
    status: "active",
    monthlyCreditCap: role === "member" ? 100 : null,
    listings,
    inquiries: 3,
    medianResponseMinutes: 95,
    creditsUsed: 12,
  };
}

const ROWS = [
  row(OWNER, "owner"),
  row(ADMIN, "admin"),
  row(MEMBER, "member", 2),
  row(OTHER, "member"),
];

function signIn(p: TeamPerson, plan: "free" | "enterprise" = "free") {
  const user = makeUser({
    _id: p._id,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    subscription: {
      plan,
      status: "active",
      billingPeriod: plan === "free" ? "free" : "monthly",
    } as never,
  });
  storeSession("t_team", user);
  serveSession("t_team", user);
  return user;
}

/** The team API as `role` sees it; the calls made are recorded. */
function serveTeam(role: EnterpriseRole | null) {
  const calls: Array<{ method: string; url: string; body?: unknown }> = [];
  const account: MyAccount = role
    ? {
        enterprise: TEAM,
        role,
        membership: {
          role,
          status: "active",
          monthlyCreditCap: role === "member" ? 100 : null,
          usedThisMonth: 40,
          joinedAt: "2026-11-02T00:00:00.000Z",
        },
      }
    : { enterprise: null, role: null, membership: null };
  const detail: EnterpriseDetail = {
    ...TEAM,
    members: ROWS.map((r) => ({
      user: r.user,
      role: r.role,
      status: r.status,
      monthlyCreditCap: r.monthlyCreditCap,
      usedThisMonth: r.creditsUsed,
      joinedAt: TEAM.createdAt,
      listings: r.listings,
    })),
    invites: [
      {
        _id: "i_1",
        email: "new@example.ph",
        role: "member",
        monthlyCreditCap: null,
        expiresAt: "2026-12-01T00:00:00.000Z",
        createdAt: TEAM.createdAt,
      },
    ],
  };
  const record = async (request: Request) => {
    const body =
      request.method === "GET" || request.method === "DELETE"
        ? undefined
        : await request.json().catch(() => undefined);
    calls.push({ method: request.method, url: request.url, body });
  };
  server.use(
    http.get("*/api/enterprise/my-account", () => HttpResponse.json(account)),
    http.get("*/api/enterprise/e_1/dashboard", async ({ request }) => {
      await record(request);
      return HttpResponse.json({
        from: "2026-11-01",
        to: "2026-11-27",
        members: ROWS,
      });
    }),
    http.get("*/api/enterprise/e_1/credits", async ({ request }) => {
      await record(request);
      return HttpResponse.json({
        enterpriseId: "e_1",
        balance: 1200,
        reserved: 0,
        byMember: [],
        entries: [
          {
            _id: "1",
            kind: "reserve",
            amount: -5,
            balanceAfter: 1200,
            reason: "Listing description",
            member: MEMBER,
            reservationId: "r_1",
            createdAt: "2026-11-20T00:00:00.000Z",
          },
        ],
        pagination: makePagination(1, 1, 20),
      });
    }),
    http.get("*/api/enterprise/e_1", () => HttpResponse.json(detail)),
    http.post("*/api/enterprise/invite", async ({ request }) => {
      await record(request);
      return HttpResponse.json({ _id: "i_2" }, { status: 201 });
    }),
    http.delete(
      "*/api/enterprise/sub-account/remove/:id",
      async ({ request }) => {
        await record(request);
        return HttpResponse.json({ ok: true });
      },
    ),
    http.delete("*/api/enterprise/invite/:id", async ({ request }) => {
      await record(request);
      return HttpResponse.json({ ok: true });
    }),
    http.put("*/api/enterprise/sub-account/update", async ({ request }) => {
      await record(request);
      return HttpResponse.json({ ok: true });
    }),
    http.post("*/api/enterprise/create", async ({ request }) => {
      await record(request);
      return HttpResponse.json({ ...TEAM, _id: "e_2" }, { status: 201 });
    }),
  );
  return calls;
}

describe("team page", () => {
  it("a member in no team reads what teams are and is sent to the plans without the Enterprise plan", async () => {
    signIn(MEMBER);
    serveTeam(null);
    renderApp("/team");
    expect(
      await screen.findByText("Teams on Tahanan", undefined, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See plans" })).toHaveAttribute(
      "href",
      "/plans",
    );
    expect(
      screen.getByRole("link", { name: "Contact sales" }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole("form", { name: "Create your team" }),
    ).not.toBeInTheDocument();
  });

  it("with the Enterprise plan the member creates their team (the name is required)", async () => {
    signIn(OWNER, "enterprise");
    const calls = serveTeam(null);
    const { user } = renderApp("/team");
    const form = await screen.findByRole(
      "form",
      { name: "Create your team" },
      SLOW,
    );
    await user.click(within(form).getByRole("button", { name: "Create team" }));
    expect(
      await within(form).findByText(
        "Enter the team name (at least 2 characters)",
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith("/create"))).toHaveLength(0);
    await user.type(within(form).getByLabelText("Team name"), "Loyola Realty");
    await user.click(within(form).getByRole("button", { name: "Create team" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith("/create"))?.body).toEqual({
        name: "Loyola Realty",
      }),
    );
  });

  it("a plain member sees the team, their cap and use, the pool and only their own spend; no management", async () => {
    signIn(MEMBER);
    const calls = serveTeam("member");
    renderApp("/team");
    expect(
      await screen.findByTestId("team-name", undefined, SLOW),
    ).toHaveTextContent("Loyola Realty");
    expect(screen.getByTestId("team-role")).toHaveTextContent("Member");
    expect(screen.getByTestId("pool-balance")).toHaveTextContent("1,200");
    expect(screen.getByTestId("my-cap")).toHaveTextContent("100 a month");
    expect(screen.getByTestId("my-used")).toHaveTextContent("40");
    expect(
      await screen.findByRole("heading", { name: "My spend from the pool" }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.url.includes("/credits") && c.url.includes("memberId=u_member"),
        ),
      ).toBe(true),
    );
    expect(
      screen.queryByRole("button", { name: "Invite" }),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole("table", { name: "Team members" }),
    ).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes("/dashboard"))).toBe(false);
    expect(
      screen.getByRole("button", { name: "Leave team" }),
    ).toBeInTheDocument();
  });

  it("a member leaves the team after confirming", async () => {
    signIn(MEMBER);
    const calls = serveTeam("member");
    const { user } = renderApp("/team");
    await user.click(
      await screen.findByRole("button", { name: "Leave team" }, SLOW),
    );
    const dialog = await screen.findByRole("dialog", {
      name: "Leave Loyola Realty?",
    });
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await user.click(
      within(dialog).getByRole("button", { name: "Leave team" }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.method === "DELETE")?.url).toMatch(
        /\/sub-account\/remove\/u_member$/,
      ),
    );
  });

  it("the owner manages everyone but themselves; an admin manages members only and cannot change roles", async () => {
    signIn(OWNER);
    serveTeam("owner");
    const first = renderApp("/team");
    const table = await screen.findByRole(
      "table",
      { name: "Team members" },
      SLOW,
    );
    expect(await within(table).findByText("Mila Reyes")).toBeInTheDocument();
    expect(within(table).getAllByText("1 h 35 min")).toHaveLength(4);
    expect(
      within(table).queryByRole("button", { name: "Actions for Olga Santos" }),
    ).not.toBeInTheDocument();
    expect(
      within(table).getByRole("button", { name: "Actions for Adan Cruz" }),
    ).toBeInTheDocument();
    await first.user.click(
      within(table).getByRole("button", { name: "Actions for Mila Reyes" }),
    );
    expect(
      await screen.findByRole("menuitem", { name: "Change role" }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole("button", { name: "Leave team" }),
    ).not.toBeInTheDocument();
    first.unmount();

    signIn(ADMIN);
    serveTeam("admin");
    const second = renderApp("/team");
    const t2 = await screen.findByRole("table", { name: "Team members" }, SLOW);
    await within(t2).findByText("Mila Reyes");
    expect(
      within(t2).queryByRole("button", { name: "Actions for Olga Santos" }),
    ).not.toBeInTheDocument();
    expect(
      within(t2).queryByRole("button", { name: "Actions for Adan Cruz (you)" }),
    ).not.toBeInTheDocument();
    await second.user.click(
      within(t2).getByRole("button", { name: "Actions for Mila Reyes" }),
    );
    expect(
      await screen.findByRole("menuitem", { name: "Pause" }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("menuitem", { name: "Set monthly cap" }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("menuitem", { name: "Remove from team" }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole("menuitem", { name: "Change role" }),
    ).not.toBeInTheDocument();
  });

  it("the invite dialog shows the seats left and checks the e-mail and the cap before sending", async () => {
    signIn(OWNER);
    const calls = serveTeam("owner");
    const { user } = renderApp("/team");
    // 5 seats, 4 used, 1 invited: none left
    await waitFor(
      () =>
        expect(screen.getByTestId("seats")).toHaveTextContent(
          "4 of 5 seats used, 1 invited",
        ),
      SLOW,
    );
    await user.click(screen.getByRole("button", { name: "Invite" }));
    let dialog = await screen.findByRole("dialog", {
      name: "Invite to the team",
    });
    expect(within(dialog).getByTestId("seats-left")).toHaveTextContent(
      "No seats left",
    );
    expect(
      within(dialog).getByRole("button", { name: "Send invitation" }),
    ).toBeDisabled();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));

    // with a seat free (the invitation revoked)
    server.use(
      http.get("*/api/enterprise/e_1", () =>
        HttpResponse.json({ ...TEAM, members: [], invites: [] }),
      ),
    );
    await user.click(
      screen.getByRole("button", {
        name: "Revoke the invitation of new@example.ph",
      }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.method === "DELETE")?.url).toMatch(
        /\/enterprise\/invite\/i_1$/,
      ),
    );
    await waitFor(() =>
      expect(screen.getByTestId("seats")).toHaveTextContent(
        "4 of 5 seats used",
      ),
    );
    await user.click(screen.getByRole("button", { name: "Invite" }));
    dialog = await screen.findByRole("dialog", { name: "Invite to the team" });
    expect(within(dialog).getByTestId("seats-left")).toHaveTextContent(
      "1 seat left",
    );
    await user.type(within(dialog).getByLabelText("E-mail"), "not-an-address");
    await user.type(
      within(dialog).getByLabelText("Monthly credit cap (optional)"),
      "-5",
    );
    await user.click(
      within(dialog).getByRole("button", { name: "Send invitation" }),
    );
    expect(
      await within(dialog).findByText("Enter a valid email address"),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText("Enter a whole number of credits (0 or more)"),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith("/enterprise/invite"))).toBe(false);
    await user.clear(within(dialog).getByLabelText("E-mail"));
    await user.type(within(dialog).getByLabelText("E-mail"), "joy@example.ph");
    await user.clear(
      within(dialog).getByLabelText("Monthly credit cap (optional)"),
    );
    await user.type(
      within(dialog).getByLabelText("Monthly credit cap (optional)"),
      "250",
    );
    await user.click(
      within(dialog).getByRole("button", { name: "Send invitation" }),
    );
    await waitFor(() =>
      expect(
        calls.find((c) => c.url.endsWith("/enterprise/invite"))?.body,
      ).toEqual({
        email: "joy@example.ph",
        role: "member",
        monthlyCreditCap: 250,
      }),
    );
  });

  it("removing a member with team listings requires a choice: hand them over to someone, or archive", async () => {
    signIn(OWNER);
    const calls = serveTeam("owner");
    const { user } = renderApp("/team");
    const table = await screen.findByRole(
      "table",
      { name: "Team members" },
      SLOW,
    );
    await user.click(
      await within(table).findByRole("button", {
        name: "Actions for Mila Reyes",
      }),
    );
    await user.click(
      await screen.findByRole("menuitem", { name: "Remove from team" }),
    );
    const dialog = await screen.findByRole("dialog", {
      name: "Remove Mila Reyes?",
    });
    expect(
      within(dialog).getByText(
        /open message threads about these listings move with them/,
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(
      await within(dialog).findByText("Choose what happens to their listings"),
    ).toBeInTheDocument();
    await user.click(
      within(dialog).getByLabelText("Hand them over to another member"),
    );
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(
      await within(dialog).findByText("Choose the member who takes them over"),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await user.click(
      within(dialog).getByRole("combobox", { name: "Takes over the listings" }),
    );
    await user.click(await screen.findByRole("option", { name: "Nico Lim" }));
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "DELETE")?.url).toMatch(
        /\/sub-account\/remove\/u_member\?reassignTo=u_other$/,
      ),
    );
  });

  it("removing a member without listings asks nothing more; a refusal is shown as the server wrote it", async () => {
    signIn(OWNER);
    serveTeam("owner");
    server.use(
      http.delete("*/api/enterprise/sub-account/remove/:id", () =>
        apiError(409, "Nico Lim has work in progress"),
      ),
    );
    const { user } = renderApp("/team");
    const table = await screen.findByRole(
      "table",
      { name: "Team members" },
      SLOW,
    );
    await user.click(
      await within(table).findByRole("button", {
        name: "Actions for Nico Lim",
      }),
    );
    await user.click(
      await screen.findByRole("menuitem", { name: "Remove from team" }),
    );
    const dialog = await screen.findByRole("dialog", {
      name: "Remove Nico Lim?",
    });
    expect(within(dialog).queryByRole("radiogroup")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(
      await within(dialog).findByText("Nico Lim has work in progress"),
    ).toBeInTheDocument();
  });

  it("the period picker asks the dashboard for the chosen days", async () => {
    signIn(OWNER);
    const calls = serveTeam("owner");
    const { user } = renderApp("/team");
    await screen.findByRole("table", { name: "Team members" }, SLOW);
    const month = periodRange("month", { from: "", to: "" });
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.url.includes("/dashboard") &&
            c.url.includes(`from=${month.from}`),
        ),
      ).toBe(true),
    );
    await user.click(screen.getByRole("combobox", { name: "Period" }));
    await user.click(
      await screen.findByRole("option", { name: "Last 30 days" }),
    );
    const last30 = periodRange("30d", { from: "", to: "" });
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.url.includes("/dashboard") &&
            c.url.includes(`from=${last30.from}`),
        ),
      ).toBe(true),
    );
  });

  it("response times read in minutes, hours and days", () => {
    expect(responseTimeText(null)).toBe("—");
    expect(responseTimeText(12)).toBe("12 min");
    expect(responseTimeText(185)).toBe("3 h 5 min");
    expect(responseTimeText(60 * 52)).toBe("2 d 4 h");
  });
});
