import { renderToString } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { DEFAULT_SITE_BRANDING } from "~/lib/site";
import { Layout } from "~/root";
import AdminLayout, { ErrorBoundary as AdminErrorBoundary } from "~/routes/admin/layout";

// A routes stub has no build manifest: the document's script and stylesheet tags would be links
// to nothing (React warns about their empty addresses), and they are not what is under test.
vi.mock("react-router", async (importOriginal) => ({
  ...(await importOriginal<typeof import("react-router")>()),
  Links: () => null,
  Scripts: () => null,
}));

// The admin area's chrome (decision 104): its own top bar and side navigation, and none of the
// public site's header and footer; a public page keeps those.

const rootData = {
  site: DEFAULT_SITE_BRANDING,
  theme: "system",
  categories: ["Writing", "Video"],
  year: 2025,
  company: "Aitlas",
  sourceCodeUrl: "https://source.example/aitlas",
  viewer: { email: "admin@example.com", username: null, displayName: null, avatarUrl: null, isAdmin: true },
  googleSignIn: false,
  analyticsSrc: null,
  flash: null,
  pendingSave: null,
};

/** A thrown response as React Router hands it to a boundary. */
const notFound = { status: 404, statusText: "", internal: false, data: { error: "Tool not found", code: "not-found" } };

function render(path: string, { adminError }: { adminError?: unknown } = {}) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () => (
        <Layout>
          <Outlet />
        </Layout>
      ),
      children: [
        {
          id: "routes/admin/layout",
          path: "admin",
          Component: AdminLayout,
          ErrorBoundary: AdminErrorBoundary,
          children: [{ id: "dashboard", index: true, Component: () => <h1>Admin Dashboard</h1> }],
        },
        { id: "about", path: "about", Component: () => <h1>About</h1> },
      ],
    },
  ]);
  const html = renderToString(
    <Stub
      initialEntries={[path]}
      hydrationData={{
        loaderData: { root: rootData, "routes/admin/layout": { pendingProposals: 2, inboxOpen: 0 } },
        errors: adminError ? { "routes/admin/layout": adminError } : undefined,
      }}
    />,
  );
  return html.replaceAll("<!-- -->", "");
}

const count = (html: string, text: string) => html.split(text).length - 1;

describe("the admin area's chrome", () => {
  it("has its side navigation, a top bar with View site and the user menu, and no public header or footer", () => {
    const html = render("/admin");
    expect(html).toContain("<h1>Admin Dashboard</h1>");
    expect(html).toMatch(/<nav aria-label="Admin"/);
    for (const label of ["Dashboard", "Tools", "Articles", "Tags", "Inbox", "AI proposals", "Jobs", "Backups"]) {
      expect(html).toMatch(new RegExp(`<a [^>]*href="/admin[^"]*"[^>]*>.*?${label}`));
    }
    expect(html).toContain('aria-current="page"');
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>.*?View site<\/a>/);
    expect(html).toContain('aria-label="Account menu for admin@example.com"');
    // The proposals badge comes from the layout's loader.
    expect(html).toContain('2<span class="sr-only"> waiting</span>');
    // One <main>, the skip link's target, inside the admin chrome.
    expect(count(html, "<main")).toBe(1);
    expect(html).toContain('id="main"');
    // The public chrome is absent.
    expect(html).not.toContain("<footer");
    expect(html).not.toContain('aria-label="Main"');
    expect(html).not.toContain("Submit a tool");
  });

  it("keeps it on the admin area's error page, which offers no public search", () => {
    const html = render("/admin", { adminError: notFound });
    expect(html).toContain("Tool not found");
    expect(html).toMatch(/<nav aria-label="Admin"/);
    expect(html).not.toContain("<footer");
    expect(html).not.toContain('role="search"');
  });

  it("leaves a public page its header and footer", () => {
    const html = render("/about");
    expect(html).toContain("<h1>About</h1>");
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain("<footer");
    expect(html).not.toMatch(/<nav aria-label="Admin"/);
    expect(count(html, "<main")).toBe(1);
  });
});
