import { Link } from "react-router";
import type { Route } from "./+types/terms";
import { seoMeta, siteUrlFromMatches } from "~/lib/seo";
import { siteNameFromMatches, useSiteBranding } from "~/lib/site";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = siteNameFromMatches(matches);
  return seoMeta({
    siteName,
    title: `Terms of Service | ${siteName}`,
    description: `The terms for using ${siteName}: accounts, acceptable use of votes and comments, moderation, your content, third-party links and disclaimers.`,
    path: "/terms",
    siteUrl: siteUrlFromMatches(matches),
  });
}

export default function Terms() {
  const { name: siteName } = useSiteBranding();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Terms of Service</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Last updated: November 22, 2026</p>
      <div className="prose-content mt-6 text-slate-800 dark:text-slate-200">
        <p>
          These terms govern your use of this {siteName} site. {siteName} is self-hostable software, and this site is
          run by its own operator: “we” and “the operator of this site” mean the person or organisation that runs it.
        </p>

        <h2>Acceptance of these terms</h2>
        <p>
          By using this site, you agree to these terms and to the <Link to="/privacy">Privacy Policy</Link>. If you do
          not agree, please do not use the site.
        </p>

        <h2>An informational service</h2>
        <p>
          {siteName} is a directory for discovering and comparing AI tools. Listings, ratings, guides and comparisons
          are provided for general information only. Descriptions and articles reflect the opinions of their authors,
          and ratings reflect the opinions of the users who voted; none of them are professional, legal, financial or
          technical advice.
        </p>
        <p>
          AI products change quickly, so information about features, pricing and availability may be incomplete or out
          of date. Please verify anything important with the vendor before you buy, subscribe or rely on a tool.
        </p>

        <h2>Your account</h2>
        <p>You can browse without an account. If you create one to vote or comment, you agree to:</p>
        <ul>
          <li>provide accurate information, including an email address you control;</li>
          <li>
            keep your password safe and not share it, and tell the operator if you suspect your account has been
            misused;
          </li>
          <li>
            use one account per person, and not create accounts on behalf of others or to get around a suspension.
          </li>
        </ul>
        <p>You are responsible for what happens under your account.</p>

        <h2>Acceptable use</h2>
        <p>
          Votes and comments are meant to help other people choose tools. When you vote or comment, you agree not to:
        </p>
        <ul>
          <li>post spam, advertising, or repetitive or off-topic content;</li>
          <li>
            manipulate ratings, for example by using several accounts, trading or buying votes, or voting on your own or
            a competitor’s product in a coordinated way;
          </li>
          <li>post content that is unlawful, defamatory, hateful, harassing, threatening or otherwise abusive;</li>
          <li>post other people’s personal information, or content that infringes someone else’s rights;</li>
          <li>share malware or links to malware, phishing or other harmful sites;</li>
          <li>
            interfere with the site, for example by probing it for vulnerabilities without permission, overloading it or
            scraping it in a way that harms its operation.
          </li>
        </ul>
        <p>If you work for or represent a vendor, please say so when commenting on its products or its competitors.</p>

        <h2>Moderation</h2>
        <p>
          The operator of this site may, at its discretion, remove or edit comments, discard votes, and suspend or close
          accounts that break these terms or harm the site or its users, with or without notice. The operator is not
          obliged to monitor content but may review it at any time.
        </p>

        <h2>Your content</h2>
        <p>
          You keep ownership of the comments and other content you post. By posting, you grant the operator of this site
          a non-exclusive, worldwide, royalty-free licence to host, store, display and reproduce that content on the
          site, as needed to run it. This licence continues for comments kept without your name after your account is
          deleted, as described in the Privacy Policy. You confirm that you have the right to post what you post.
        </p>

        <h2>Trademarks and endorsements</h2>
        <p>
          Product names, logos and trademarks shown on this site belong to their respective owners and are used only to
          identify their products. Listing a tool does not imply any endorsement, partnership or affiliation, in either
          direction, and the operator does not accept payment for listings or placements.
        </p>

        <h2>Third-party links</h2>
        <p>
          The site links to vendors’ websites and other third-party sites. We do not control them and are not
          responsible for their content, products, security or privacy practices. Your use of a third-party service is
          governed by that service’s own terms.
        </p>

        <h2>No warranty</h2>
        <p>
          The site is provided “as is” and “as available”, without warranties of any kind, express or implied, including
          warranties of accuracy, completeness, availability, fitness for a particular purpose or non-infringement. We
          do not guarantee that the site will be uninterrupted or error-free.
        </p>

        <h2>Limitation of liability</h2>
        <p>
          To the fullest extent permitted by law, the operator of this site is not liable for any indirect, incidental,
          special or consequential damages, or for any loss of data, profits or business, arising from your use of the
          site, from information or ratings on it, or from any tool or third-party site you reach through it. Nothing in
          these terms limits any liability that cannot be limited under the law that applies to you.
        </p>

        <h2>Changes to these terms</h2>
        <p>
          We may update these terms from time to time. The date at the top of this page shows when they were last
          updated. Continuing to use the site after a change means you accept the updated terms.
        </p>

        <h2>Contact</h2>
        <p>
          For questions about these terms, to report content that breaks them, or to suggest a correction, please
          contact the operator of this site. You can learn more about the site on the{" "}
          <Link to="/about">About page</Link>.
        </p>
      </div>
    </div>
  );
}
