import type { ReactNode } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/account";
import { FormRefusal, LabelledInput } from "~/components/account-form-fields";
import { MemberAvatar } from "~/components/member-avatar";
import { Button } from "~/components/ui/button";
import { TimeAgo } from "~/components/time-ago";
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_PATH,
  DISPLAY_NAME_RULES,
  memberProfilePath,
  publicName,
  type AccountIntent,
} from "~/lib/account";
import {
  avatarFormSchema,
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  displayNameFormSchema,
  sessionIdSchema,
} from "~/lib/account-schemas";
import { resultFor } from "~/lib/action-result";
import { AppError, type AppErrorCode } from "~/lib/app-error";
import { LOGO_ACCEPT_ATTRIBUTE } from "~/lib/logo-upload";
import { DISPLAY_NAME_MAX } from "~/lib/members";
import { requireUser, SIGN_IN_REQUIRED_MESSAGE } from "~/server/auth/guards.server";
import type { Viewer } from "~/server/auth/viewer.server";
import { flashCookie } from "~/server/flash.server";
import { defineIntents, InvalidFields, memberIntent, stringField } from "~/server/http/action-pipeline.server";
import { readAccountForm } from "~/server/members/account-form.server";
import {
  changePassword,
  currentSessionId,
  deleteAccount,
  listMemberSessions,
  requestEmailChange,
  endSessions,
} from "~/server/members/account.server";
import { findAccountProfile, removeAvatar, setAvatar, setDisplayName } from "~/server/members/profile.server";
import { RATE_LIMITS } from "~/server/security/rate-limit-rules.server";
import { siteUrlFor } from "~/server/site.server";
import { SITE_TAG } from "~/server/cache/page-tags.server";
import { memberWriteTags } from "~/server/cache/write-tags.server";
import { personalPageMeta } from "~/lib/seo";

/** One person's account: never stored by a cache on the way, never indexed. */
const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { ...PRIVATE_HEADERS, "Retry-After": retryAfter } : PRIVATE_HEADERS;
}

export function meta({ matches }: Route.MetaArgs) {
  return personalPageMeta(matches, {
    title: "Your account",
    description: "Your display name, avatar, email address, password and signed-in devices.",
    path: "/account",
  });
}

/** The signed-in member's account; a visitor is sent to sign in and back. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(request, context);
  const [profile, currentId] = await Promise.all([
    findAccountProfile({ db: context.db, userId: viewer.id }),
    currentSessionId({ auth: context.auth, headers: request.headers }),
  ]);
  const sessions = await listMemberSessions({ db: context.db, userId: viewer.id, currentId });
  return {
    profile: { ...profile, publicName: publicName(profile) },
    sessions: sessions.map((session) => ({ ...session, lastActiveAt: session.lastActiveAt.toISOString() })),
  };
}

/** Back to the page with a message, carrying any cookies the change set (a new session after a password change). */
function done(title: string, cookies: string[] = [], to = ACCOUNT_PATH) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", flashCookie({ kind: "success", title }));
  return redirect(to, { headers });
}

/** Every change counts against the member's hourly allowance; past it, the form is refused with the wait. */
const perMember = ({ viewer }: { viewer: Viewer }) => ({ rule: RATE_LIMITS.accountChange, subject: viewer.id });

/** Refusals that are not about what the member typed stay the form's, above its button. */
const FORM_WIDE = new Set<AppErrorCode>(["internal", "unavailable", "bad-gateway"]);

/**
 * A refusal from the account's data functions (a wrong password, a name taken, not an image),
 * shown beside the input it is about (`field` names it) instead of above the form.
 */
async function besideField<T>(field: string | ((error: AppError) => string), work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (thrown) {
    if (!(thrown instanceof AppError) || thrown instanceof InvalidFields || FORM_WIDE.has(thrown.code)) throw thrown;
    const name = typeof field === "string" ? field : field(thrown);
    throw new InvalidFields({ [name]: thrown.message }, { code: thrown.code });
  }
}

const INTENTS = {
  "display-name": memberIntent({
    schema: displayNameFormSchema,
    fields: ["displayName"],
    rateLimit: perMember,
    async run({ context, viewer, input, purge }) {
      await besideField("displayName", () =>
        setDisplayName({ db: context.db, userId: viewer.id, displayName: input.displayName }),
      );
      // Comments across the catalogue show the name: their tools' pages, and the member's profile.
      purge(await memberWriteTags({ db: context.db, userId: viewer.id }));
      return done(ACCOUNT_MESSAGES.displayNameSaved);
    },
  }),

  avatar: memberIntent({
    schema: avatarFormSchema,
    fields: (form) => ({ avatar: form.get("avatar") }),
    rateLimit: perMember,
    async run({ context, viewer, input, purge }) {
      const bytes = Buffer.from(await input.avatar.arrayBuffer());
      await besideField("avatar", () =>
        setAvatar({ db: context.db, storage: context.storage, userId: viewer.id, bytes }),
      );
      purge(await memberWriteTags({ db: context.db, userId: viewer.id }));
      return done(ACCOUNT_MESSAGES.avatarSaved);
    },
  }),

  "remove-avatar": memberIntent({
    rateLimit: perMember,
    async run({ context, viewer, purge }) {
      await removeAvatar({ db: context.db, userId: viewer.id });
      purge(await memberWriteTags({ db: context.db, userId: viewer.id }));
      return done(ACCOUNT_MESSAGES.avatarRemoved);
    },
  }),

  email: memberIntent({
    schema: changeEmailSchema,
    fields: ["newEmail", "password"],
    rateLimit: perMember,
    async run({ request, context, viewer, input }) {
      await besideField(
        (error) => (error.message === ACCOUNT_MESSAGES.sameEmail ? "newEmail" : "password"),
        () =>
          requestEmailChange({
            auth: context.auth,
            db: context.db,
            mailer: context.mailer,
            siteUrl: siteUrlFor(request, context),
            userId: viewer.id,
            currentEmail: viewer.email,
            newEmail: input.newEmail,
            password: input.password,
            headers: request.headers,
          }),
      );
      return done(ACCOUNT_MESSAGES.emailChangeRequested);
    },
  }),

  password: memberIntent({
    schema: changePasswordSchema,
    fields: ["currentPassword", "newPassword"],
    rateLimit: perMember,
    async run({ request, context, input }) {
      const cookies = await besideField("currentPassword", () =>
        changePassword({ auth: context.auth, headers: request.headers, ...input }),
      );
      return done(ACCOUNT_MESSAGES.passwordChanged, cookies);
    },
  }),

  "sign-out-others": memberIntent({
    rateLimit: perMember,
    async run({ request, context, viewer }) {
      const currentId = await currentSessionId({ auth: context.auth, headers: request.headers });
      if (!currentId) throw new AppError("unauthorized", SIGN_IN_REQUIRED_MESSAGE);
      await endSessions({ db: context.db, userId: viewer.id, except: currentId });
      return done(ACCOUNT_MESSAGES.signedOutOthers);
    },
  }),

  "sign-out-session": memberIntent({
    rateLimit: perMember,
    async run({ context, viewer, form }) {
      // An id that is not a session's is answered as one that is not the member's.
      const sessionId = sessionIdSchema.safeParse(stringField(form, "sessionId"));
      if (!sessionId.success) throw new AppError("not-found", ACCOUNT_MESSAGES.sessionNotFound);
      const ended = await endSessions({ db: context.db, userId: viewer.id, only: sessionId.data });
      if (ended === 0) throw new AppError("not-found", ACCOUNT_MESSAGES.sessionNotFound);
      return done(ACCOUNT_MESSAGES.sessionEnded);
    },
  }),

  "delete-account": memberIntent({
    schema: deleteAccountSchema,
    fields: (form) => ({ password: stringField(form, "password"), deleteComments: form.get("deleteComments") }),
    rateLimit: perMember,
    async run({ request, context, viewer, input, purge }) {
      const outcome = await besideField("password", () =>
        deleteAccount({
          auth: context.auth,
          db: context.db,
          mailer: context.mailer,
          siteUrl: siteUrlFor(request, context),
          userId: viewer.id,
          email: viewer.email,
          headers: request.headers,
          ...input,
        }),
      );
      if (outcome === "link-sent") return done(ACCOUNT_MESSAGES.deleteLinkSent);
      // The account and its sessions are gone; Better Auth's sign-out clears this browser's cookies.
      const signedOut = await context.auth.api.signOut({ headers: request.headers, asResponse: true });
      // Their comments and votes are gone from pages across the site: rare, so everything (decision 096).
      purge([SITE_TAG]);
      return done(ACCOUNT_MESSAGES.accountDeleted, signedOut.headers.getSetCookie(), "/");
    },
  }),
} satisfies Record<AccountIntent, unknown>;

/**
 * Every change to the member's own account, one `intent` per form, through the pipeline: same
 * origin, signed in, the body read with the avatar's size cap, each form's fields parsed, then
 * limited per member (RATE_LIMITS.accountChange) and done. Success goes back to the page with a
 * flash message (it works without JavaScript); a refusal stays on the page as an ActionResult whose
 * `form` is the intent, with its sentence beside the input it is about or above the form.
 */
export const action = defineIntents({
  guard: "user",
  read: readAccountForm,
  intents: INTENTS,
  unknownIntent: ACCOUNT_MESSAGES.unknownForm,
  formId: (form) => {
    const intent = form.get("intent");
    return typeof intent === "string" && Object.hasOwn(INTENTS, intent) ? intent : undefined;
  },
});

// --- The page ---

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, sessions } = loaderData;
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const errorsFor = (intent: AccountIntent) => resultFor(actionData, intent);
  const submit = (intent: AccountIntent, label: string, variant?: "outline") => (
    <Button type="submit" name="intent" value={intent} variant={variant} disabled={busyIntent === intent}>
      {busyIntent === intent ? "Please wait..." : label}
    </Button>
  );

  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Your account</h1>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        Signed in as {profile.email}. Others see you as <strong>{profile.publicName}</strong>
        {profile.displayName ? (
          <>
            {" "}
            (
            <Link to={memberProfilePath(profile.displayName)} className="underline underline-offset-4">
              your public profile
            </Link>
            )
          </>
        ) : null}
        .
      </p>
      <FormRefusal message={actionData && !actionData.form ? actionData.formError : undefined} />

      <Section title="Display name" id="display-name">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          The name shown with your comments, and the address of your public profile: {DISPLAY_NAME_RULES}. Unless you
          chose one when you signed up, the site made one up for you; change it whenever you like.
        </p>
        <Form method="post" className="space-y-4" noValidate>
          <LabelledInput
            id="display-name-input"
            label="Display name"
            name="displayName"
            autoComplete="nickname"
            maxLength={DISPLAY_NAME_MAX}
            defaultValue={profile.displayName ?? ""}
            error={errorsFor("display-name")?.fieldErrors?.displayName}
          />
          <FormRefusal message={errorsFor("display-name")?.formError} />
          {submit("display-name", "Save display name")}
        </Form>
      </Section>

      <Section title="Avatar" id="avatar">
        <div className="flex items-center gap-4">
          <MemberAvatar url={profile.avatarUrl} initial={profile.publicName} size={64} alt="Your avatar" />
          <p className="text-sm text-slate-700 dark:text-slate-300">A JPEG, PNG or WebP image up to 5MB.</p>
        </div>
        <Form method="post" encType="multipart/form-data" className="space-y-4" noValidate>
          <LabelledInput
            id="avatar-file"
            label="New avatar"
            name="avatar"
            type="file"
            accept={LOGO_ACCEPT_ATTRIBUTE}
            error={errorsFor("avatar")?.fieldErrors?.avatar}
          />
          <FormRefusal message={errorsFor("avatar")?.formError} />
          {submit("avatar", "Upload avatar")}
        </Form>
        {profile.avatarUrl && (
          <Form method="post">
            <FormRefusal message={errorsFor("remove-avatar")?.formError} />
            {submit("remove-avatar", "Remove avatar", "outline")}
          </Form>
        )}
      </Section>

      <Section title="Email address" id="email">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          We send a link to the new address; your address changes when you open it, and we tell the old one.
        </p>
        <Form method="post" className="space-y-4" noValidate>
          <LabelledInput
            id="new-email"
            label="New email address"
            name="newEmail"
            type="email"
            autoComplete="email"
            error={errorsFor("email")?.fieldErrors?.newEmail}
          />
          {profile.hasPassword && (
            <LabelledInput
              id="email-password"
              label="Current password"
              name="password"
              type="password"
              autoComplete="current-password"
              error={errorsFor("email")?.fieldErrors?.password}
            />
          )}
          <FormRefusal message={errorsFor("email")?.formError} />
          {submit("email", "Send confirmation link")}
        </Form>
      </Section>

      <Section title="Password" id="password">
        {profile.hasPassword ? (
          <Form method="post" className="space-y-4" noValidate>
            <LabelledInput
              id="current-password"
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              error={errorsFor("password")?.fieldErrors?.currentPassword}
            />
            <LabelledInput
              id="new-password"
              label="New password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              minLength={6}
              maxLength={128}
              error={errorsFor("password")?.fieldErrors?.newPassword}
            />
            <p className="text-sm text-slate-700 dark:text-slate-300">Changing it signs out every other device.</p>
            <FormRefusal message={errorsFor("password")?.formError} />
            {submit("password", "Change password")}
          </Form>
        ) : (
          <p className="text-sm text-slate-700 dark:text-slate-300">{ACCOUNT_MESSAGES.noPassword}</p>
        )}
      </Section>

      <Section title="Signed-in devices" id="sessions">
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900 dark:text-slate-100">
                  {session.userAgent || "Unknown device"}
                  {session.current && (
                    <span className="ml-2 rounded bg-indigo-100 px-1.5 py-0.5 text-xs font-semibold text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
                      This device
                    </span>
                  )}
                </p>
                <p className="text-slate-600 dark:text-slate-400">
                  {session.ipAddress ? `${session.ipAddress} · ` : ""}last active <TimeAgo at={session.lastActiveAt} />
                </p>
              </div>
              {!session.current && (
                <Form method="post">
                  <input type="hidden" name="sessionId" value={session.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="sign-out-session"
                    variant="outline"
                    size="sm"
                    aria-label={`Sign out ${session.userAgent || "this unknown device"}`}
                  >
                    Sign out
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        <FormRefusal message={errorsFor("sign-out-session")?.formError ?? errorsFor("sign-out-others")?.formError} />
        {sessions.some((session) => !session.current) && (
          <Form method="post">{submit("sign-out-others", "Sign out everywhere else", "outline")}</Form>
        )}
      </Section>

      <Section title="Delete account" id="delete-account">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Deleting your account removes your email address, password, profile, saved tools and ratings; the tools&rsquo;
          averages are recounted without your votes. Your comments stay, shown as &ldquo;Anonymous&rdquo;, unless you
          also delete them. This cannot be undone.
          {profile.hasPassword ? "" : " We email you a link to confirm."}
        </p>
        <Form method="post" className="space-y-4" noValidate>
          <div className="flex items-center gap-2">
            <input
              id="delete-comments"
              type="checkbox"
              name="deleteComments"
              className="h-4 w-4 rounded border-slate-300 text-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-slate-700"
            />
            <label htmlFor="delete-comments" className="text-sm">
              Also delete my comments
            </label>
          </div>
          {profile.hasPassword && (
            <LabelledInput
              id="delete-password"
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              error={errorsFor("delete-account")?.fieldErrors?.password}
            />
          )}
          <FormRefusal message={errorsFor("delete-account")?.formError} />
          <Button
            type="submit"
            name="intent"
            value="delete-account"
            className="bg-red-700 text-white hover:bg-red-800 dark:bg-red-500 dark:text-slate-950 dark:hover:bg-red-400"
            disabled={busyIntent === "delete-account"}
          >
            {busyIntent === "delete-account" ? "Please wait..." : "Delete my account"}
          </Button>
        </Form>
      </Section>
    </div>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="mt-10 space-y-4 border-t border-slate-200 pt-6 dark:border-slate-800"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}
