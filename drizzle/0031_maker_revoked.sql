-- An administrator's revocation of a listing's maker is logged like the other moderation decisions.
ALTER TABLE "moderation_actions" DROP CONSTRAINT "moderation_actions_action_check";
--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_action_check" CHECK (action in ('comment-hidden', 'comment-restored', 'comment-deleted', 'comment-reports-dismissed', 'listing-reports-resolved', 'submission-approved', 'submission-rejected', 'review-hidden', 'review-restored', 'review-reports-dismissed', 'votes-discounted', 'vote-burst-dismissed', 'maker-revoked'));
