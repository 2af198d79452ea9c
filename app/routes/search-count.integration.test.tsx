import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, expect, test } from "vitest";
import Home, { loader as homeLoader } from "~/routes/home";
import { TOOL_COUNT_CAP } from "~/server/catalog/tools.server";
import { insertTools } from "../../tests/setup/fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await insertTools(
    database.db,
    ...Array.from({ length: TOOL_COUNT_CAP + 20 }, (_, index) => ({ name: `Writer ${index}` })),
    { name: "Painter" },
  );
});
afterAll(() => database.dispose());

/** The home page as the server renders it for an address: its loader's data, then the component. */
async function renderHome(path: string) {
  const request = new Request(`http://localhost${path}`);
  const loaderData = await homeLoader({ request, params: {}, context: { db: database.db, viewer: null } } as never);
  const Stub = createRoutesStub([
    { path: "/", Component: () => <Home loaderData={loaderData} params={{}} matches={[] as never} /> },
  ]);
  return renderToString(<Stub initialEntries={[path]} />).replaceAll("<!-- -->", "");
}

test("a search past the count's cap says 1,000+ tools, and a smaller one its exact count", async () => {
  expect(await renderHome("/?q=writer")).toContain("1,000+ tools matching “writer”");
  expect(await renderHome("/?q=painter")).toContain("1 tool matching “painter”");
});
