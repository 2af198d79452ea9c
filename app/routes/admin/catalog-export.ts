import type { Route } from "./+types/catalog-export";
import { AppError } from "~/lib/app-error";
import { isCatalogFormat, isCatalogKind } from "~/lib/catalog-transfer";
import { requireAdmin } from "~/server/auth/guards.server";
import { exportCatalog } from "~/server/catalog-transfer/catalog-records.server";
import { exportCatalogueDocument } from "~/server/catalog-transfer/catalogue-document.server";
import { toErrorResponse } from "~/server/http/error-response.server";

// GET /admin/catalog/export?type=tools|articles&format=json|csv: every tool or article as a
// download (decision 084), for administrators only; drafts are included. type=catalogue (JSON) is
// the whole catalogue in one document, to move it to another site (decision 152).

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const kind = params.get("type");
  const format = params.get("format");
  const wholeCatalogue = kind === "catalogue" && format === "json";
  if (!wholeCatalogue && (!isCatalogKind(kind) || !isCatalogFormat(format))) {
    return toErrorResponse(
      new AppError(
        "bad-request",
        "Choose type=tools or articles and format=json or csv, or type=catalogue and format=json.",
      ),
    );
  }
  const exported = wholeCatalogue
    ? await exportCatalogueDocument({ db: context.db, siteUrl: context.siteUrl ?? new URL(request.url).origin })
    : await exportCatalog({ db: context.db, kind: kind as "tools" | "articles", format: format as "json" | "csv" });
  return new Response(exported.body, {
    headers: {
      "Content-Type": exported.contentType,
      "Content-Disposition": `attachment; filename="${exported.fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
