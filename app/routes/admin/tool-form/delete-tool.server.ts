import { ADMIN_TOASTS } from "~/lib/admin-messages";
import { AppError } from "~/lib/app-error";
import { deleteTool } from "~/server/catalog/tool-admin.server";
import { toolWriteTags } from "~/server/cache/write-tags.server";
import { adminIntent } from "~/server/http/action-pipeline.server";
import { listRedirect, OUR_FAULT, savedToolId, toolNotFound } from "./shared.server";

/** "Delete": the tool, its links and votes go; every list that showed it is purged. */
export const deleteToolIntent = adminIntent({
  failure: OUR_FAULT,
  async run({ context, params, purge }) {
    const id = savedToolId(params.id);
    if (id === null) throw new AppError("bad-request", "this tool has not been saved yet");
    // Read before the tool and its links go.
    const tags = await toolWriteTags({ db: context.db, ids: [id] });
    if (!(await deleteTool({ db: context.db, id }))) throw toolNotFound();
    purge(tags);
    return listRedirect(ADMIN_TOASTS.toolDeleted);
  },
});
