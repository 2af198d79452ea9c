import { Link } from "react-router";
import type { Route } from "./+types/privacy";
import { seoMeta, siteUrlFromMatches } from "~/lib/seo";
import { siteNameFromMatches, useSiteBranding } from "~/lib/site";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = siteNameFromMatches(matches);
  return seoMeta({
    siteName,
    title: `Privacy Policy | ${siteName}`,
    description: `How ${siteName} collects, uses, stores and protects your information, which cookies it sets, and how to access, correct or delete your data.`,
    path: "/privacy",
    siteUrl: siteUrlFromMatches(matches),
  });
}

export default function Privacy() {
  const { name: siteName } = useSiteBranding();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Privacy Policy</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Last updated: November 24, 2026</p>
      <div className="prose-content mt-6 text-slate-800 dark:text-slate-200">
        <p>
          This policy explains what information this {siteName} site collects, why, and what choices you have.{" "}
          {siteName} is self-hostable software, and this site is run by its own operator: in this policy, “we” and “the
          operator of this site” mean the person or organisation that runs it, who is responsible for the data described
          here.
        </p>

        <h2>What we collect</h2>
        <p>
          You can browse the directory and read the blog without an account. We collect only what the site needs to
          work:
        </p>
        <ul>
          <li>
            <strong>Account details.</strong> If you create an account, your email address and your password. Passwords
            are stored only as a secure one-way hash, never in readable form.
          </li>
          <li>
            <strong>Profile details.</strong> A public display name, the one you choose or else one we generate (never
            taken from your email address), and an avatar image if you add one. Your comments and ratings are listed on
            a public profile page under that name; your email address is never shown to anyone else.
          </li>
          <li>
            <strong>Votes.</strong> The 1 to 5 star ratings you give to tools, linked to your account so that each
            person has one vote per tool.
          </li>
          <li>
            <strong>Comments.</strong> The comments you post, which are shown publicly with your display name.
          </li>
          <li>
            <strong>Session cookies.</strong> When you sign in, a cookie keeps you signed in (see “Cookies” below).
          </li>
          <li>
            <strong>Server logs.</strong> Like most websites, our server records requests, including your IP address,
            browser user agent, the page requested and the time. These logs are kept for security, to detect abuse and
            to diagnose errors.
          </li>
          <li>
            <strong>Analytics, if enabled.</strong> Administrators may enable an optional, privacy-friendly analytics
            script that counts page views in aggregate. It is never loaded for administrators, and it is not used to
            build advertising profiles.
          </li>
        </ul>

        <h2>How we use it</h2>
        <p>We use this information to:</p>
        <ul>
          <li>provide your account, sign you in and keep your session secure;</li>
          <li>show ratings as averages with vote counts and display your comments;</li>
          <li>prevent spam, vote manipulation and other abuse, and keep the site secure;</li>
          <li>understand, in aggregate, which pages are useful, if analytics is enabled;</li>
          <li>contact you about your account when necessary, for example to reset your password.</li>
        </ul>
        <p>
          We do not sell, rent or trade your personal data. The site shows no third-party advertising and does not use
          advertising trackers.
        </p>

        <h2>Cookies</h2>
        <p>The site uses a small number of cookies, none of them for advertising:</p>
        <ul>
          <li>
            <strong>Session cookie.</strong> Set when you sign in, to keep you signed in. It is marked HttpOnly, so
            scripts running in the page cannot read it, and it is removed when you sign out or when it expires.
          </li>
          <li>
            <strong>Theme cookie.</strong> A cookie named <code>theme</code> remembers whether you chose the light, dark
            or system colour theme. It contains only that choice.
          </li>
        </ul>
        <p>
          If the operator enables analytics, the analytics script is chosen to be privacy-friendly and does not need
          cookies to identify you across sites.
        </p>

        <h2>Where your data is stored</h2>
        <p>
          Your data is stored in the operator’s own database and file storage, for example uploaded avatar images. It is
          not shared with the developers of the {siteName} software. The operator may use hosting providers to run the
          server, who process data only on the operator’s behalf.
        </p>

        <h2>The AI research assistant</h2>
        <p>
          Administrators may use an AI research assistant to draft tool listings. To do so, it sends tool names and
          search queries to the search and AI model providers that the operator has configured. It never sends visitor
          data, account details, votes or comments to those providers. Drafts are reviewed by a person before they are
          published.
        </p>

        <h2>How long we keep it</h2>
        <ul>
          <li>Account details, votes and comments are kept for as long as your account exists.</li>
          <li>Session cookies expire after a limited time or when you sign out.</li>
          <li>
            Server logs are kept only as long as needed for security and troubleshooting, and are then deleted or
            rotated out.
          </li>
          <li>Analytics data, if enabled, is kept in aggregate form that does not identify you.</li>
        </ul>

        <h2>Your rights</h2>
        <p>You can ask the operator of this site to:</p>
        <ul>
          <li>give you access to the personal data held about you;</li>
          <li>correct information that is inaccurate or incomplete;</li>
          <li>delete your account and personal data.</li>
        </ul>
        <p>
          You can also do much of this yourself on your account page: change your display name, avatar, email address
          and password, see the devices signed in to your account and sign them out, and delete your account.
        </p>
        <p>
          Deleting your account removes your email address, password, profile, saved tools and votes, so your ratings no
          longer count towards any tool’s average. You choose what happens to your comments: they are deleted with your
          account, or kept and shown as “Anonymous”, so that conversations you took part in still make sense to other
          readers. You may also have other rights under the law that applies to you, such as the right to object to or
          restrict certain processing.
        </p>

        <h2>Security</h2>
        <p>
          We take reasonable measures to protect your information, including hashed passwords, HttpOnly session cookies
          and restricted access to the database. No system is perfectly secure, so please use a strong, unique password.
        </p>

        <h2>Children</h2>
        <p>
          This site is not directed at children, and children should not create an account without the consent of a
          parent or guardian where the law requires it. If you believe a child has given us personal data without such
          consent, please contact the operator of this site and it will be deleted.
        </p>

        <h2>Changes to this policy</h2>
        <p>
          We may update this policy when the site or the law changes. The date at the top of this page shows when it was
          last updated. If a change is significant, we will make reasonable efforts to let account holders know.
        </p>

        <h2>Contact</h2>
        <p>
          For any question about this policy or to exercise your rights, please contact the operator of this site. See
          also the <Link to="/terms">Terms of Service</Link> and the <Link to="/about">About page</Link>.
        </p>
      </div>
    </div>
  );
}
