import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/about";
import { RANKING_PRIOR_VOTES } from "~/lib/ranking";
import { VOTE_BURST_HOURS, VOTE_BURST_VOTES, VOTE_MATURITY_HOURS } from "~/lib/vote-trust";
import { TRENDING_DAYS, TRENDING_HALF_LIFE_DAYS, TRENDING_POINTS } from "~/lib/trending";
import { seoMeta, siteUrlFromMatches } from "~/lib/seo";
import { DEFAULT_SITE_BRANDING, siteNameFromMatches, useSiteBranding } from "~/lib/site";
import type { loader as rootLoader } from "~/root";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = siteNameFromMatches(matches);
  return seoMeta({
    siteName,
    title: `About ${siteName}`,
    description: `${siteName} is a free, impartial and self-hostable directory for discovering and comparing AI tools, with community ratings and a blog of guides and comparisons.`,
    path: "/about",
    siteUrl: siteUrlFromMatches(matches),
    pageType: "AboutPage",
  });
}

export default function About() {
  const { name: siteName } = useSiteBranding();
  const sourceCodeUrl = useRouteLoaderData<typeof rootLoader>("root")?.sourceCodeUrl;
  // The software is Aitlas whatever the site is called.
  const software = siteName === DEFAULT_SITE_BRANDING.name ? "Aitlas is" : `${siteName} runs on Aitlas,`;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">About {siteName}</h1>
      <div className="prose-content mt-6 text-slate-800 dark:text-slate-200">
        <p>
          {siteName} is a free, impartial directory for discovering and comparing the latest AI tools. Whether you are
          looking for an assistant to help you write, a model to generate images, a coding companion or a tool to
          transcribe meetings, you can browse by category, search by name or purpose, and see at a glance what each tool
          does, what it costs and what other people think of it.
        </p>
        <p>
          Alongside the directory, the <Link to="/blog">blog</Link> publishes guides, explainers and side-by-side
          comparisons to help you choose the right tool for the job and get more out of the tools you already use.
        </p>

        <h2>How listings work</h2>
        <p>
          Tools are added and maintained by the administrators of this site. Each listing describes what the tool does,
          its main features, its pricing model and a link to the vendor’s own website, so you can check the details at
          the source.
        </p>
        <p>
          To keep up with a field that changes every week, administrators may use an AI research assistant that drafts
          new entries and updates from web search results. A draft is only a starting point: every entry is reviewed by
          a person before it is published, and administrators correct or reject drafts that are inaccurate, incomplete
          or promotional.
        </p>
        <p>
          Even so, AI products change quickly. Prices, plans and features can move faster than any directory, so please
          confirm anything important with the vendor before you rely on it.
        </p>

        <h2>Impartiality</h2>
        <p>{siteName} is built to be a neutral guide rather than a marketplace:</p>
        <ul>
          <li>
            <strong>No paid placements.</strong> Vendors cannot pay to be listed, to be featured or to appear higher in
            search results or categories.
          </li>
          <li>
            <strong>Ratings come from people.</strong> Ratings are 1 to 5 star votes cast by signed-in users. Each user
            can cast one vote per tool and change it at any time.
          </li>
          <li>
            <strong>Transparent scores.</strong> Every rating is shown as an average together with the number of votes
            behind it, so you can tell the difference between a score based on three votes and one based on three
            hundred.
          </li>
          <li>
            <strong>No advertising.</strong> The site shows no third-party ads, and listings are not written to sell you
            anything.
          </li>
        </ul>
        <p>
          Being listed on {siteName} does not mean a tool is endorsed or recommended, and not being listed does not mean
          a tool is bad: it may simply not have been added yet.
        </p>

        <h2 id="ranking">How &ldquo;Top rated&rdquo; is ordered</h2>
        <p>
          A plain average would put a tool with a single 5-star vote above one with two hundred votes averaging 4.6. So
          when you sort by &ldquo;Top rated&rdquo;, tools are ordered by a Bayesian average: each tool&rsquo;s votes are
          pulled toward the mean vote of the whole catalogue, as if every tool had {RANKING_PRIOR_VOTES} extra votes at
          that mean:
        </p>
        <p>
          <code>score = (v &times; R + m &times; C) / (v + m)</code>
        </p>
        <p>
          where <code>v</code> is the tool&rsquo;s number of votes, <code>R</code> their average, <code>C</code> the
          mean of every vote cast on {siteName} (3 until anyone has voted) and <code>m</code> = {RANKING_PRIOR_VOTES}. A
          tool with few votes stays near the catalogue&rsquo;s mean until more people agree; one with many votes scores
          close to its own average. Cards and tool pages still show the plain average with its number of votes. Category
          pages list tools by their plain average, best first, unless you choose another order.
        </p>

        <h3 id="votes-that-count">Which votes count in the ranking</h3>
        <p>
          Every vote shows in a tool&rsquo;s average and vote count. The ranking counts a vote only once the account
          that cast it is at least {VOTE_MATURITY_HOURS} hours old and has confirmed its email address; until then the
          vote waits, and it is counted without anyone having to vote again. This keeps accounts made in a hurry from
          moving &ldquo;Top rated&rdquo;.
        </p>
        <p>
          When {VOTE_BURST_VOTES} or more votes on one tool come from new accounts (younger than {VOTE_MATURITY_HOURS}{" "}
          hours or not yet confirmed) within {VOTE_BURST_HOURS} hours, the administrators are asked to look at them, and
          those votes stay out of the ranking until they have. An administrator may then discount them: discounted votes
          are kept and still show in the average, but never count in the ranking, and every such decision is recorded in
          the moderation log. Otherwise the votes count like any other once their accounts qualify.
        </p>

        <h2 id="trending">How &ldquo;Trending&rdquo; is ordered</h2>
        <p>
          &ldquo;Trending&rdquo; and &ldquo;Trending this week&rdquo; show what people turned to in the last{" "}
          {TRENDING_DAYS} days. Each day a tool earns points: {TRENDING_POINTS.view} for each view of its page,{" "}
          {TRENDING_POINTS.click} for each click on &ldquo;Visit website&rdquo;, {TRENDING_POINTS.save} for each save
          and {TRENDING_POINTS.vote} for each vote. A day&rsquo;s points count half as much {TRENDING_HALF_LIFE_DAYS}{" "}
          days later, so a tool rising today moves ahead of one that was popular last week. Tools with equal scores
          follow &ldquo;Top rated&rdquo;. The scores are worked out again every hour.
        </p>
        <p>
          Views and clicks are counted without tracking anyone: {siteName} keeps only how many there were per tool and
          per day, never who made them (no cookie, no address, no account), and leaves out search engines&rsquo; and
          other robots&rsquo; visits. Links to a tool&rsquo;s website say they came from {siteName} (a <code>ref</code>{" "}
          parameter), so its makers can see the visits too.
        </p>

        <h2>Open source and self-hostable</h2>
        <p>
          {software} open-source software published under the MIT License
          {sourceCodeUrl ? (
            <>
              , with its source code at <a href={sourceCodeUrl}>{sourceCodeUrl.replace(/^https?:\/\//, "")}</a>
            </>
          ) : null}
          . Anyone can run their own copy, for a team, a school, a company intranet or a public community. A new
          instance starts with a single command on an embedded database, with no separate database server to set up, and
          can scale out on PostgreSQL when it needs to serve more visitors.
        </p>
        <p>
          Because each instance is run independently, the site you are reading is operated by its own administrators,
          who decide which tools to list and how the site is moderated. The developers of the software do not control
          the content of individual instances.
        </p>

        <h2>Suggest a tool or report an error</h2>
        <p>
          Know a tool that should be listed, or spotted a price, feature or link that is out of date? Please contact the
          operator of this site. Useful details include the tool’s name, its official website and, for corrections, what
          needs to change and where you found the up-to-date information. Suggestions are welcome from anyone, including
          vendors, but they are reviewed on the same terms as every other listing and never in exchange for payment.
        </p>

        <h2>Your data and the rules</h2>
        <p>
          You can browse the directory and read the blog without an account. An account is only needed to rate tools and
          to comment. To learn what information is collected and how it is used, read the{" "}
          <Link to="/privacy">Privacy Policy</Link>. The rules for using the site, voting and commenting are set out in
          the <Link to="/terms">Terms of Service</Link>.
        </p>
      </div>
    </div>
  );
}
