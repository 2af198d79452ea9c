import { z } from "zod";
import { INVALID_FIELDS_MESSAGE } from "./admin-messages";
import { isToolCategory } from "./categories";
import { descriptionText } from "./format";
import { optionalTextSchema, optionalUrlSchema, slugInputSchema, URL_MESSAGE, websiteProblem } from "./form-fields";
import type { Pricing, PricingPlan } from "./pricing";
import { isPricingModel, type PricingModel } from "./pricing-model";
import { pricingSchema } from "./pricing-schema";
import { isUuid, slugify } from "./slugify";
import { factsFormInputFrom, factsFormSchema, type FactsFormInput } from "./tool-facts-form";

// Lives in format.ts, which public pages load without this module's zod schemas (decision 094).
export { descriptionText };

/**
 * The admin tool form (spec sections 2, 3 and 5): one schema, run by the browser before posting
 * and by the action before saving. It reads the form as posted (every list row, blank ones
 * included, so an error's index names the row on screen) and outputs what the database stores.
 */

/** The id in /admin/tools/{id} that opens the form for a new tool. */
export const NEW_TOOL_ID = "new";

export const TOOL_FORM_LIMITS = {
  name: 120,
  description: 50_000,
  metaTitle: 120,
  listRows: 50,
  listRowLength: 300,
  plans: 20,
  planName: 100,
  planPrice: 100,
  planDetails: 500,
  planFeatures: 20,
  planFeatureLength: 200,
  tagline: 120,
  tags: 10,
} as const;

export const TOOL_FORM_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${TOOL_FORM_LIMITS.name} characters`,
  categoryRequired: "Category is required",
  categoryUnknown: "Choose a category from the list",
  descriptionRequired: "Description is required",
  descriptionTooLong: `Description must be at most ${TOOL_FORM_LIMITS.description.toLocaleString("en-US")} characters`,
  url: URL_MESSAGE,
  metaTitleTooLong: `SEO title must be at most ${TOOL_FORM_LIMITS.metaTitle} characters`,
  slugWithoutLetters: "Slug must contain letters or numbers",
  slugLooksLikeId: "Slug cannot look like a tool id",
  slugTaken: "This slug is already used by another tool",
  slugUnavailable: "Could not find a free slug for this name; please type one",
  featuresRequired: "At least one feature is required",
  planNameRequired: "Plan name is required",
  planPriceRequired: "Price is required",
  planNameRepeated: "Each plan needs a different name",
  planNameReserved: "This plan name is not allowed",
  pricingShape: "Choose how pricing is shown",
  taglineRequired: "Tagline is required",
  taglineTooLong: `Tagline must be at most ${TOOL_FORM_LIMITS.tagline} characters`,
  pricingModelRequired: "Pricing model is required",
  pricingModelUnknown: "Choose a pricing model from the list",
  tagsUnknown: "Choose tags from the list",
  tagsTooMany: `At most ${TOOL_FORM_LIMITS.tags} tags`,
} as const;

/** Item names in messages: "feature", "pro", "con". */
const listMessages = (item: string, plural: string) => ({
  rowTooLong: `Each ${item} must be at most ${TOOL_FORM_LIMITS.listRowLength} characters`,
  tooMany: `At most ${TOOL_FORM_LIMITS.listRows} ${plural}`,
  repeated: `This ${item} is already in the list`,
});

/**
 * A repeatable list of text rows: blank rows are dropped, repeats are refused at the row that
 * repeats (tool pages key list items by their text). Errors carry the row's index as posted.
 */
function textListSchema(item: string, plural: string) {
  const messages = listMessages(item, plural);
  return z
    .array(z.string().trim().max(TOOL_FORM_LIMITS.listRowLength, messages.rowTooLong))
    .max(TOOL_FORM_LIMITS.listRows, messages.tooMany)
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, index) => {
        if (row === "") return;
        if (seen.has(row)) ctx.addIssue({ code: "custom", path: [index], message: messages.repeated });
        seen.add(row);
      });
    })
    .transform((rows) => rows.filter((row) => row !== ""));
}

/** A plan's own features, typed one per line. */
const planFeaturesSchema = z
  .string()
  .transform((text) =>
    text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== ""),
  )
  .pipe(
    z
      .array(
        z
          .string()
          .max(
            TOOL_FORM_LIMITS.planFeatureLength,
            `Each plan feature must be at most ${TOOL_FORM_LIMITS.planFeatureLength} characters`,
          ),
      )
      .max(TOOL_FORM_LIMITS.planFeatures, `At most ${TOOL_FORM_LIMITS.planFeatures} features per plan`),
  );

const planNameSchema = z
  .string()
  .trim()
  .max(TOOL_FORM_LIMITS.planName, `Plan name must be at most ${TOOL_FORM_LIMITS.planName} characters`);
const planPriceSchema = z
  .string()
  .trim()
  .max(TOOL_FORM_LIMITS.planPrice, `Price must be at most ${TOOL_FORM_LIMITS.planPrice} characters`);

const planRowSchema = z.object({
  plan: planNameSchema,
  price: planPriceSchema,
  details: z
    .string()
    .trim()
    .max(TOOL_FORM_LIMITS.planDetails, `Details must be at most ${TOOL_FORM_LIMITS.planDetails} characters`),
  features: planFeaturesSchema,
});

const simpleRowSchema = z.object({ plan: planNameSchema, price: planPriceSchema });

const tooManyPlans = `At most ${TOOL_FORM_LIMITS.plans} plans`;

/**
 * The two shapes of the spec (section 3): a list of plans, or a map of plan name to text
 * ("Simple"), or no pricing at all. Wholly blank rows are dropped; what is left must name its
 * plan, once. The output is checked again by the shared pricing schema the pages trust.
 */
const pricingInputSchema = z
  .discriminatedUnion(
    "shape",
    [
      z.object({ shape: z.literal("none") }),
      z.object({ shape: z.literal("plans"), plans: z.array(planRowSchema).max(TOOL_FORM_LIMITS.plans, tooManyPlans) }),
      z.object({
        shape: z.literal("simple"),
        entries: z.array(simpleRowSchema).max(TOOL_FORM_LIMITS.plans, tooManyPlans),
      }),
    ],
    { error: TOOL_FORM_MESSAGES.pricingShape },
  )
  .superRefine((pricing, ctx) => {
    if (pricing.shape === "none") return;
    const rows = pricing.shape === "plans" ? pricing.plans : pricing.entries;
    const listKey = pricing.shape === "plans" ? "plans" : "entries";
    const names = new Set<string>();
    rows.forEach((row, index) => {
      const extra = pricing.shape === "plans" ? pricing.plans[index]! : null;
      const blank =
        row.plan === "" &&
        row.price === "" &&
        (extra === null || (extra.details === "" && extra.features.length === 0));
      if (blank) return;
      if (row.plan === "")
        ctx.addIssue({ code: "custom", path: [listKey, index, "plan"], message: TOOL_FORM_MESSAGES.planNameRequired });
      // As a key of the map shape it would set the object's prototype instead of naming a plan.
      else if (row.plan === "__proto__")
        ctx.addIssue({ code: "custom", path: [listKey, index, "plan"], message: TOOL_FORM_MESSAGES.planNameReserved });
      else if (names.has(row.plan))
        ctx.addIssue({ code: "custom", path: [listKey, index, "plan"], message: TOOL_FORM_MESSAGES.planNameRepeated });
      names.add(row.plan);
      // In the simple shape the text is all a plan says; a plan of the list shape may leave it out.
      if (pricing.shape === "simple" && row.price === "") {
        ctx.addIssue({
          code: "custom",
          path: [listKey, index, "price"],
          message: TOOL_FORM_MESSAGES.planPriceRequired,
        });
      }
    });
  })
  .transform((pricing): Pricing | null => {
    if (pricing.shape === "plans") {
      const plans: PricingPlan[] = pricing.plans
        .filter((row) => row.plan !== "")
        .map(({ plan, price, details, features }) =>
          features.length > 0 ? { plan, price, details, features } : { plan, price, details },
        );
      return plans.length > 0 ? plans : null;
    }
    if (pricing.shape === "simple") {
      const entries = pricing.entries.filter((row) => row.plan !== "").map((row) => [row.plan, row.price] as const);
      return entries.length > 0 ? Object.fromEntries(entries) : null;
    }
    return null;
  })
  .pipe(pricingSchema.nullable());

/**
 * The tool's own website: a plain http(s) address on a real host, never a site path (fine for a
 * logo we host), user info, or characters that could end a link in the Markdown twin (decision 151).
 */
const websiteSchema = z
  .string()
  .trim()
  .max(2048, URL_MESSAGE)
  .superRefine((value, ctx) => {
    const problem = value === "" ? null : websiteProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform((value) => (value === "" ? null : value));

/** Blank means "generate from the name" (new) or "keep the current one" (edit); typed text is normalised. */
const toolSlugSchema = slugInputSchema.transform((value, ctx) => {
  if (value === "") return "";
  const slug = slugify(value);
  if (slug === "") {
    ctx.addIssue({ code: "custom", message: TOOL_FORM_MESSAGES.slugWithoutLetters });
    return z.NEVER;
  }
  // /tool/{uuid} is read as an id (spec section 5), so such a slug would never be reached.
  if (isUuid(slug)) {
    ctx.addIssue({ code: "custom", message: TOOL_FORM_MESSAGES.slugLooksLikeId });
    return z.NEVER;
  }
  return slug;
});

/** One line: a pasted line break or run of spaces becomes one space. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * Tags as posted (ids, or slugs), each once; blank values dropped. Whether each names a tag is
 * the server's check (createTool / updateTool), which knows the list.
 */
const tagsSchema = z
  .array(z.string().trim().max(200, TOOL_FORM_MESSAGES.tagsUnknown))
  .transform((values) => [...new Set(values.filter((value) => value !== "").map((value) => value.toLowerCase()))])
  .pipe(z.array(z.string()).max(TOOL_FORM_LIMITS.tags, TOOL_FORM_MESSAGES.tagsTooMany));

export const toolFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, TOOL_FORM_MESSAGES.nameRequired)
    .max(TOOL_FORM_LIMITS.name, TOOL_FORM_MESSAGES.nameTooLong),
  category: z
    .string()
    .trim()
    .min(1, TOOL_FORM_MESSAGES.categoryRequired)
    .refine(isToolCategory, TOOL_FORM_MESSAGES.categoryUnknown),
  description: z
    .string()
    .trim()
    .max(TOOL_FORM_LIMITS.description, TOOL_FORM_MESSAGES.descriptionTooLong)
    .refine((html) => descriptionText(html) !== "", TOOL_FORM_MESSAGES.descriptionRequired),
  image: optionalUrlSchema,
  website: websiteSchema,
  slug: toolSlugSchema,
  metaTitle: optionalTextSchema(TOOL_FORM_LIMITS.metaTitle, TOOL_FORM_MESSAGES.metaTitleTooLong),
  features: textListSchema("feature", "features").refine(
    (rows) => rows.length > 0,
    TOOL_FORM_MESSAGES.featuresRequired,
  ),
  pros: textListSchema("pro", "pros"),
  cons: textListSchema("con", "cons"),
  pricing: pricingInputSchema,
  tagline: z
    .string()
    .transform(oneLine)
    .pipe(
      z
        .string()
        .min(1, TOOL_FORM_MESSAGES.taglineRequired)
        .max(TOOL_FORM_LIMITS.tagline, TOOL_FORM_MESSAGES.taglineTooLong),
    ),
  pricingModel: z
    .string()
    .trim()
    .min(1, TOOL_FORM_MESSAGES.pricingModelRequired)
    .refine(isPricingModel, TOOL_FORM_MESSAGES.pricingModelUnknown)
    .transform((value) => value as PricingModel),
  tags: tagsSchema,
  /** The facts rows (issue 32); absent from a form that does not show them, which leaves them as they are. */
  facts: factsFormSchema.optional(),
});

/** What the form posts, before validation. */
export type ToolFormInput = Omit<z.input<typeof toolFormSchema>, "facts"> & { facts?: FactsFormInput };
/** What a valid form saves: blank optional fields are null, blank rows gone, pricing in its stored shape. */
export type ToolFormData = z.output<typeof toolFormSchema>;
export type PricingShape = "none" | "plans" | "simple";

/**
 * The form's field names. Lists and pricing rows repeat a name once per row, in screen order,
 * so the form posts without JavaScript and FormData.getAll reads the rows back in order.
 */
export const TOOL_FIELDS = {
  features: "features",
  pros: "pros",
  cons: "cons",
  pricingShape: "pricingShape",
  planName: "pricing.plan",
  planPrice: "pricing.price",
  planDetails: "pricing.details",
  planFeatures: "pricing.features",
  tags: "tags",
} as const;

function textOf(value: FormDataEntryValue | null): string {
  return typeof value === "string" ? value : "";
}

function allTextOf(form: FormData, name: string): string[] {
  return form.getAll(name).map(textOf);
}

/** Reads a posted tool form into the schema's input (missing fields become blank, files are ignored). */
export function toolFormInputFrom(form: FormData): ToolFormInput {
  const shape = textOf(form.get(TOOL_FIELDS.pricingShape)) || "none";
  const names = allTextOf(form, TOOL_FIELDS.planName);
  const prices = allTextOf(form, TOOL_FIELDS.planPrice);
  let pricing: ToolFormInput["pricing"];
  if (shape === "plans") {
    const details = allTextOf(form, TOOL_FIELDS.planDetails);
    const features = allTextOf(form, TOOL_FIELDS.planFeatures);
    const count = Math.max(names.length, prices.length, details.length, features.length);
    pricing = {
      shape,
      plans: Array.from({ length: count }, (_, index) => ({
        plan: names[index] ?? "",
        price: prices[index] ?? "",
        details: details[index] ?? "",
        features: features[index] ?? "",
      })),
    };
  } else if (shape === "simple") {
    const count = Math.max(names.length, prices.length);
    pricing = {
      shape,
      entries: Array.from({ length: count }, (_, index) => ({ plan: names[index] ?? "", price: prices[index] ?? "" })),
    };
  } else if (shape === "none") {
    pricing = { shape };
  } else {
    // An unknown shape fails validation with a message rather than passing as "none".
    pricing = { shape } as unknown as ToolFormInput["pricing"];
  }
  const facts = factsFormInputFrom(form);
  return {
    name: textOf(form.get("name")),
    category: textOf(form.get("category")),
    description: textOf(form.get("description")),
    image: textOf(form.get("image")),
    website: textOf(form.get("website")),
    slug: textOf(form.get("slug")),
    metaTitle: textOf(form.get("metaTitle")),
    features: allTextOf(form, TOOL_FIELDS.features),
    pros: allTextOf(form, TOOL_FIELDS.pros),
    cons: allTextOf(form, TOOL_FIELDS.cons),
    pricing,
    tagline: textOf(form.get("tagline")),
    pricingModel: textOf(form.get("pricingModel")),
    tags: allTextOf(form, TOOL_FIELDS.tags),
    ...(facts && { facts }),
  };
}

/**
 * The "{message}" of 'Failed to create tool: {message}' for a refused form: the one problem when
 * there is one, otherwise a pointer to the fields marked beside them.
 */
export function toolFormProblem(fieldErrors: Record<string, string>): string {
  const messages = Object.values(fieldErrors);
  return messages.length === 1 ? messages[0]! : INVALID_FIELDS_MESSAGE;
}
