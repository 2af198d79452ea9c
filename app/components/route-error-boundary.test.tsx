import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { RouteErrorBoundary } from "./route-error-boundary";

// What a person reads when a route fails: a sentence meant for them, never an object, a stack or a path.

/** A thrown response as React Router hands it to a boundary (status, status text, parsed body). */
const routeError = (status: number, data: unknown) => ({ status, statusText: "", internal: false, data });

function render(error: unknown, texts?: Parameters<typeof RouteErrorBoundary>[0]["texts"]) {
  // A data router, as in the app: the states' ways onward are router links.
  const Stub = createRoutesStub([{ path: "/", Component: () => <RouteErrorBoundary error={error} texts={texts} /> }]);
  const html = renderToString(<Stub initialEntries={["/"]} />);
  return html.replaceAll("<!-- -->", "");
}

describe("RouteErrorBoundary", () => {
  it("shows an AppError response's own sentence", () => {
    const html = render(routeError(403, { error: "This request did not come from this site.", code: "cross-site" }));
    expect(html).toContain("Access denied");
    expect(html).toContain("This request did not come from this site.");
    expect(html).not.toContain("[object Object]");
  });

  it.each([
    [
      "an object that is not an error body",
      routeError(403, { error: { reason: "origin" } }),
      "You do not have permission to do this.",
    ],
    [
      "React Router's own 405, whose data is an internal Error",
      routeError(
        405,
        new Error('You made a POST request to "/about" but did not provide an `action` for route "routes/about"'),
      ),
      "This address does not accept that kind of request.",
    ],
    ["a bare string", routeError(400, "raw text from somewhere"), "Please check the address or the form"],
    [
      "a bug's Error",
      new Error("connect ECONNREFUSED /work/data/pg.sock\n    at Socket.connect (node:net:1)"),
      "Something went wrong on our side.",
    ],
    ["a thrown object", { message: "x", stack: "at /srv/app/server.js:1:1" }, "Something went wrong on our side."],
  ])("shows the status's own text for %s", (_label, error, expected) => {
    const html = render(error);
    expect(html).toContain(expected);
    expect(html).not.toContain("[object Object]");
    expect(html).not.toMatch(/routes\/about|\/work\/|\/srv\/|node:net|raw text/);
  });

  it("a route's text for a status wins; its server fallback gives way to the answer's own message", () => {
    const texts = {
      404: { title: "Tool not found", message: "The tool you are looking for is not in the directory." },
      server: { message: "Failed to load tool details" },
    };
    expect(render(routeError(404, { error: "Tool not found", code: "not-found" }), texts)).toContain(
      "The tool you are looking for is not in the directory.",
    );
    expect(render(new Error("boom"), texts)).toContain("Failed to load tool details");
    expect(render(routeError(503, { error: "The database is not answering.", code: "unavailable" }), texts)).toContain(
      "The database is not answering.",
    );
  });
});

describe("the ways onward from a not-found or error page", () => {
  /** With the root loader's categories, as on the site. */
  function renderWithRoot(error: unknown, props: { waysOnward?: boolean } = {}) {
    const Stub = createRoutesStub([
      { id: "root", path: "/", Component: () => <RouteErrorBoundary error={error} {...props} /> },
    ]);
    const html = renderToString(
      <Stub initialEntries={["/"]} hydrationData={{ loaderData: { root: { categories: ["Video", "Writing"] } } }} />,
    );
    return html.replaceAll("<!-- -->", "");
  }

  it.each([
    ["a not-found page", routeError(404, { error: "Tool not found", code: "not-found" })],
    ["an error page", new Error("boom")],
  ])("%s offers Go Back, a labelled search of the directory and the main sections", (_label, error) => {
    const html = renderWithRoot(error);
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>.*?Go Back<\/a>/);
    const form = /<form [^>]*role="search"[^>]*>.*?<\/form>/.exec(html)?.[0] ?? "";
    expect(form).toMatch(/^<form [^>]*action="\/"/);
    expect(form).toMatch(/^<form [^>]*method="get"/);
    const inputId = /<input [^>]*id="([^"]+)"[^>]*name="q"/.exec(form)?.[1];
    expect(inputId).toBeTruthy();
    expect(form).toContain(`<label for="${inputId}" class="sr-only">Search AI tools</label>`);
    const nav = /<nav aria-label="Explore the site".*?<\/nav>/.exec(html)?.[0] ?? "";
    expect(nav).toMatch(/href="\/"[^>]*>Home</);
    expect(nav).toMatch(/href="\/blog"[^>]*>Blog</);
    expect(nav).toMatch(/href="\/category\/Video"[^>]*>Video</);
    expect(nav).toMatch(/href="\/category\/Writing"[^>]*>Writing</);
  });

  it("are left out where the page has its own way on (the admin area)", () => {
    const html = renderWithRoot(routeError(404, { error: "Tool not found", code: "not-found" }), {
      waysOnward: false,
    });
    expect(html).toContain("Tool not found");
    expect(html).not.toContain('role="search"');
    expect(html).not.toContain("Explore the site");
  });
});
