import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import { ACCOUNT_CONFIRM_PATH, ACCOUNT_MESSAGES } from "~/lib/account";
import { AppError } from "~/lib/app-error";
import type { Auth } from "../auth/auth.server";
import type { Database } from "../db/client.server";
import { comments, sessions, toolVotes, users } from "../db/schema.server";
import { isUniqueViolation } from "../db/postgres-errors.server";
import { logger } from "../logger.server";
import type { Mailer } from "../mail/mailer.server";
import { deleteAccountMail, emailChangedNoticeMail, emailChangeMail, emailInUseMail } from "../mail/messages.server";
import {
  CHANGE_EMAIL_LINK_SECONDS,
  consumeAccountLink,
  createAccountLink,
  DELETE_ACCOUNT_LINK_SECONDS,
  type AccountLink,
} from "./account-links.server";
import { hasPassword } from "./profile.server";

// A member's own account changes (decision 075): email, password, sessions and deletion.

type ErrorBody = { code?: string };

/** Better Auth's answer for the session in `headers`: whether `password` is the account's password. */
export async function isCurrentPassword({
  auth,
  headers,
  password,
}: {
  auth: Auth;
  headers: Headers;
  password: string;
}): Promise<boolean> {
  if (!password) return false;
  const response = await auth.api.verifyPassword({ body: { password }, headers, asResponse: true });
  if (response.ok) return true;
  if (response.status === 400) return false;
  throw new Error(`password check failed: ${response.status} ${await response.text()}`);
}

/** Refuses with the field's message unless the account has no password or `password` is it. */
async function requirePasswordIfSet({
  auth,
  db,
  userId,
  headers,
  password,
}: {
  auth: Auth;
  db: Database;
  userId: string;
  headers: Headers;
  password: string;
}): Promise<boolean> {
  if (!(await hasPassword({ db, userId }))) return false;
  if (!password) throw new AppError("bad-request", ACCOUNT_MESSAGES.passwordRequired);
  if (!(await isCurrentPassword({ auth, headers, password })))
    throw new AppError("bad-request", ACCOUNT_MESSAGES.wrongPassword);
  return true;
}

/** A signed-in member's request that may check their password and mail a link. */
type MemberRequest = {
  auth: Auth;
  db: Database;
  mailer: Mailer;
  /** The site's origin, for the links in mails. */
  siteUrl: string;
  userId: string;
  /** The request's headers: the session cookie Better Auth checks the password against. */
  headers: Headers;
};

const linkUrl = (siteUrl: string, token: string) =>
  new URL(`${ACCOUNT_CONFIRM_PATH}?token=${encodeURIComponent(token)}`, siteUrl).href;

/**
 * Starts an email change: the member's password (when the account has one) proves it is them; a
 * link to the new address proves the mailbox. An address another account uses gets a note instead
 * of a link, and the member sees the same answer either way: one mail goes out in both cases, so
 * the answer also takes as long.
 */
export async function requestEmailChange({
  auth,
  db,
  mailer,
  siteUrl,
  userId,
  currentEmail,
  newEmail,
  password,
  headers,
}: MemberRequest & { currentEmail: string; newEmail: string; password: string }): Promise<void> {
  if (newEmail === currentEmail.toLowerCase()) throw new AppError("bad-request", ACCOUNT_MESSAGES.sameEmail);
  await requirePasswordIfSet({ auth, db, userId, headers, password });
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, newEmail)).limit(1);
  if (owner) {
    logger.info({ userId }, "email change asked for an address another account uses: a note was sent instead");
    await mailer.send({ to: newEmail, ...emailInUseMail() });
    return;
  }
  const token = await createAccountLink({
    db,
    link: { kind: "change-email", userId, newEmail },
    ttlSeconds: CHANGE_EMAIL_LINK_SECONDS,
  });
  await mailer.send({ to: newEmail, ...emailChangeMail({ url: linkUrl(siteUrl, token) }) });
}

const linkInvalid = () => new AppError("bad-request", ACCOUNT_MESSAGES.linkInvalid);

/**
 * Acts on an emailed link, once: changes the address (then tells the old one) or deletes the
 * account. The link is used up in the same transaction, so a failure leaves it working.
 */
export async function confirmAccountLink({
  db,
  mailer,
  token,
}: {
  db: Database;
  mailer: Mailer;
  token: string;
}): Promise<AccountLink> {
  let confirmed: { link: AccountLink; oldEmail?: string } | null;
  try {
    confirmed = await db.transaction(async (tx) => {
      const link = await consumeAccountLink({ db: tx, token });
      if (!link) return null;
      if (link.kind === "delete-account") {
        const deleted = await deleteAccountRows({ db: tx, userId: link.userId, deleteComments: link.deleteComments });
        return deleted ? { link } : null;
      }
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, link.userId)).for("update");
      if (!user) return null;
      // The address proved its mailbox by opening the link.
      await tx
        .update(users)
        .set({ email: link.newEmail, emailVerified: true, updatedAt: sql`now()` })
        .where(eq(users.id, link.userId));
      // The public names stay: neither comes from the address (decision 147).
      return { link, oldEmail: user.email };
    });
  } catch (error) {
    // Someone signed up with the address after the link was sent.
    if (isUniqueViolation(error)) throw new AppError("conflict", ACCOUNT_MESSAGES.emailTakenOnConfirm);
    throw error;
  }
  if (!confirmed) throw linkInvalid();
  if (confirmed.oldEmail) await mailer.send({ to: confirmed.oldEmail, ...emailChangedNoticeMail() });
  return confirmed.link;
}

/**
 * Changes the password through Better Auth, which checks the current one, ends every session and
 * starts a new one for this device: the cookies to send back. A wrong current password is a 400
 * with the field's message.
 */
export async function changePassword({
  auth,
  headers,
  currentPassword,
  newPassword,
}: {
  auth: Auth;
  headers: Headers;
  currentPassword: string;
  newPassword: string;
}): Promise<string[]> {
  const response = await auth.api.changePassword({
    body: { currentPassword, newPassword, revokeOtherSessions: true },
    headers,
    asResponse: true,
  });
  if (response.ok) return response.headers.getSetCookie();
  const body = (await response.json().catch(() => ({}))) as ErrorBody;
  if (body.code === "INVALID_PASSWORD") throw new AppError("bad-request", ACCOUNT_MESSAGES.wrongPassword);
  if (body.code === "CREDENTIAL_ACCOUNT_NOT_FOUND") throw new AppError("bad-request", ACCOUNT_MESSAGES.noPassword);
  throw new Error(`password change failed: ${response.status} ${JSON.stringify(body)}`);
}

export type MemberSession = {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  /** When the session began or was last extended (Better Auth extends a day-old session on use). */
  lastActiveAt: Date;
  current: boolean;
};

/** The id of the session the request's cookie belongs to. */
export async function currentSessionId({ auth, headers }: { auth: Auth; headers: Headers }): Promise<string | null> {
  const found = await auth.api.getSession({ headers });
  return found?.session.id ?? null;
}

/** The member's live sessions, most recently active first, this device's marked. */
export async function listMemberSessions({
  db,
  userId,
  currentId,
}: {
  db: Database;
  userId: string;
  currentId: string | null;
}): Promise<MemberSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      lastActiveAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt), sessions.id);
  return rows.map((row) => ({ ...row, current: row.id === currentId }));
}

/**
 * Ends the member's sessions: every one but this device's ("except"), or one ("only"); returns how
 * many ended. A session of another member is never touched, whatever id is given.
 */
export async function endSessions({
  db,
  userId,
  ...which
}: { db: Database; userId: string } & ({ except: string } | { only: string })): Promise<number> {
  const chosen = "except" in which ? ne(sessions.id, which.except) : eq(sessions.id, which.only);
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), chosen))
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Removes the account in the caller's transaction: its votes first, so each tool's rating, vote
 * count and ranking score are recounted (the tool_votes delete trigger, then the ranking trigger);
 * its comments too when asked, else they stay and show as "Anonymous" (user_id set null by the
 * foreign key). Everything else of the account goes with it by cascade. False when it was gone.
 */
async function deleteAccountRows({
  db,
  userId,
  deleteComments,
}: {
  db: Database;
  userId: string;
  deleteComments: boolean;
}): Promise<boolean> {
  await db.delete(toolVotes).where(eq(toolVotes.userId, userId));
  if (deleteComments) await db.delete(comments).where(eq(comments.userId, userId));
  const removed = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return removed.length > 0;
}

/**
 * Deletes the signed-in member's account. With a password the password confirms it, at once
 * ("deleted"); without one, a link goes to the account's address ("link-sent").
 */
export async function deleteAccount({
  auth,
  db,
  mailer,
  siteUrl,
  userId,
  email,
  password,
  deleteComments,
  headers,
}: MemberRequest & { email: string; password: string; deleteComments: boolean }): Promise<"deleted" | "link-sent"> {
  if (await requirePasswordIfSet({ auth, db, userId, headers, password })) {
    await db.transaction((tx) => deleteAccountRows({ db: tx, userId, deleteComments }));
    logger.info({ userId, deleteComments }, "a member deleted their account");
    return "deleted";
  }
  const token = await createAccountLink({
    db,
    link: { kind: "delete-account", userId, deleteComments },
    ttlSeconds: DELETE_ACCOUNT_LINK_SECONDS,
  });
  await mailer.send({ to: email, ...deleteAccountMail({ url: linkUrl(siteUrl, token) }) });
  return "link-sent";
}
