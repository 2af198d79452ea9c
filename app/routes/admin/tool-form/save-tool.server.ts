import { redirect } from "react-router";
import { ADMIN_TOASTS } from "~/lib/admin-messages";
import { SUBMISSION_FIELD, INBOX_PATH } from "~/lib/submissions";
import { toolFormInputFrom, toolFormProblem, toolFormSchema } from "~/lib/tool-form";
import { toolWriteTags } from "~/server/cache/write-tags.server";
import { createTool, updateTool } from "~/server/catalog/tool-admin.server";
import { flashCookie } from "~/server/flash.server";
import { adminIntent, InvalidFields, stringField } from "~/server/http/action-pipeline.server";
import { moderatorFrom } from "~/server/moderation/comment-moderation.server";
import { approveSubmission } from "~/server/moderation/submission-decisions.server";
import { markQueueEntryPublished } from "~/server/research/research-queue-review.server";
import { QUEUE_ENTRY_FIELD } from "~/lib/research-queue";
import { listRedirect, OUR_FAULT, savedToolId } from "./shared.server";
import { publicName } from "~/lib/account";

/**
 * "Save": a new tool, an edited one, or (from the inbox, decision 079) a member's submission
 * published as a new tool and approved in one transaction.
 */
export const saveToolIntent = adminIntent({
  schema: toolFormSchema,
  fields: toolFormInputFrom,
  invalid: toolFormProblem,
  failure: OUR_FAULT,
  async run({ request, context, params, viewer, form, input, purge }) {
    const id = savedToolId(params.id);
    const author = { origin: "admin" as const, actorId: viewer.id, actorName: publicName(viewer) };

    const submissionId = id === null ? stringField(form, SUBMISSION_FIELD) : "";
    if (submissionId !== "") {
      const approved = await approveSubmission({
        db: context.db,
        mailer: context.mailer,
        siteUrl: context.siteUrl ?? new URL(request.url).origin,
        submissionId,
        input,
        moderator: moderatorFrom(viewer),
      });
      if (approved.status === "invalid") throw new InvalidFields(approved.fieldErrors);
      purge(await toolWriteTags({ db: context.db, ids: [approved.tool.id] }));
      const mailed = approved.mailed ? "The member was emailed." : "The email to the member could not be sent.";
      return redirect(INBOX_PATH, {
        headers: {
          "Set-Cookie": flashCookie({ kind: "success", title: `${approved.tool.name} is published. ${mailed}` }),
        },
      });
    }

    // The category and tags it leaves are purged with those it joins.
    const before = id === null ? [] : await toolWriteTags({ db: context.db, ids: [id] });
    const result =
      id === null
        ? await createTool({ db: context.db, input, author })
        : // The public change log names who made the change (an email is never shown there).
          await updateTool({ db: context.db, id, input, author });
    if (result.status === "invalid") throw new InvalidFields(result.fieldErrors);
    // Opened from "Add many tools" (decision 154): the draft it published leaves the review list.
    const queueEntryId = id === null ? stringField(form, QUEUE_ENTRY_FIELD) : "";
    if (queueEntryId !== "")
      await markQueueEntryPublished({ db: context.db, id: queueEntryId, toolId: result.tool.id });
    purge([...before, ...(await toolWriteTags({ db: context.db, ids: [result.tool.id] }))]);
    return listRedirect(id === null ? ADMIN_TOASTS.toolCreated : ADMIN_TOASTS.toolUpdated);
  },
});
