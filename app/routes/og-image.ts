import type { Route } from "./+types/og-image";
import { answerOgImage } from "~/server/og/og-images.server";

/**
 * The share images (decision 099): `/og/site.png`, and `/og/{tool|article|category|tag}/{name}.png`,
 * 1200x630 PNGs that pages name in og:image and twitter:image.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { kind, file } = params as { kind?: string; file?: string };
  return answerOgImage({ request, db: context.db, storage: context.storage, kind, file });
}
