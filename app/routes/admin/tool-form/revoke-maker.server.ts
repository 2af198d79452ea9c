import { redirect } from "react-router";
import { MAKER_MESSAGES } from "~/lib/makers";
import { memberTag, toolTag } from "~/server/cache/page-tags.server";
import { flashCookie } from "~/server/flash.server";
import { adminIntent } from "~/server/http/action-pipeline.server";
import { revokeMaker } from "~/server/makers/maker-claims.server";
import { moderatorFrom } from "~/server/moderation/comment-moderation.server";
import { OUR_FAULT, savedToolId, toolNotFound } from "./shared.server";

/** "Revoke" beside a verified maker: the badge goes from the listing and the member's comments; back to the form. */
export const revokeMakerIntent = adminIntent({
  failure: OUR_FAULT,
  async run({ context, params, form, viewer, purge }) {
    const toolId = savedToolId(params.id);
    if (toolId === null) throw toolNotFound();
    const revoked = await revokeMaker({
      db: context.db,
      toolId,
      makerId: String(form.get("makerId") ?? ""),
      moderator: moderatorFrom(viewer),
    });
    purge([toolTag(toolId), memberTag(revoked.userId)]);
    return redirect(`/admin/tools/${toolId}`, {
      headers: {
        "Set-Cookie": flashCookie({
          kind: "success",
          title: MAKER_MESSAGES.revoked(revoked.toolName, revoked.memberName),
        }),
      },
    });
  },
});
