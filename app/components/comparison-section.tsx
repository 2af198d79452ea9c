import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

/** The spec's static comparison: one text assistant and one image generator, hard-coded. */
const comparisons = [
  {
    name: "ChatGPT",
    slug: "chatgpt",
    kind: "Text assistant",
    features: ["Conversational answers and drafting", "File and image understanding", "Web browsing and custom GPTs"],
    pricing: "Free tier; Plus from $20/month",
    bestFor: "Best for: everyday writing, research and brainstorming",
  },
  {
    name: "Midjourney",
    slug: "midjourney",
    kind: "Image generator",
    features: ["Highly stylised, detailed images", "Image variations and upscaling", "Style and character references"],
    pricing: "Paid plans from $10/month",
    bestFor: "Best for: concept art, illustration and visual exploration",
  },
];

/** The slugs of the section's tools: the home page links their full comparison when all exist. */
export const COMPARISON_SECTION_SLUGS = comparisons.map((entry) => entry.slug);

/** `compareHref`: the address of the entries' full comparison, or null when one is not in the catalogue. */
export function ComparisonSection({ compareHref }: { compareHref: string | null }) {
  return (
    <section aria-labelledby="comparison-heading" className="space-y-6">
      <h2 id="comparison-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
        Popular AI Tools Compared
      </h2>
      <div className="grid gap-6 md:grid-cols-2">
        {comparisons.map((entry) => (
          <Card key={entry.name}>
            <CardHeader>
              <CardTitle className="text-xl">{entry.name}</CardTitle>
              <p className="text-sm text-slate-600 dark:text-slate-400">{entry.kind}</p>
            </CardHeader>
            <CardContent className="space-y-4">
              <div>
                <h3 className="mb-2 text-sm font-semibold">Key features</h3>
                <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
                  {entry.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              </div>
              <p className="text-sm">
                <span className="font-semibold">Pricing: </span>
                {entry.pricing}
              </p>
              <p className="text-sm text-slate-700 dark:text-slate-300">{entry.bestFor}</p>
              {compareHref && (
                <Link
                  to={compareHref}
                  className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                >
                  Compare {entry.name} with{" "}
                  {comparisons
                    .filter((other) => other !== entry)
                    .map((other) => other.name)
                    .join(" and ")}
                  <ArrowRight aria-hidden="true" className="h-4 w-4" />
                </Link>
              )}
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}
