/**
 * The /developers page's content, read from the OpenAPI document (decision 064): the endpoints with
 * their parameters and answers, and each named schema's fields. Nothing here is written by hand, so
 * the page cannot drift from what the API validates.
 */

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  items?: JsonSchema;
  $ref?: string;
  format?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  default?: unknown;
  anyOf?: JsonSchema[];
};

type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
};

/** The part of an OpenAPI 3.1 document the reference reads. */
export type ReferenceSource = {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths?: Record<string, Record<string, Operation | undefined> | undefined>;
  components?: { schemas?: Record<string, JsonSchema> };
};

export type ReferenceField = { name: string; type: string; required: boolean; description: string };
export type ReferenceEndpoint = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: (ReferenceField & { location: string })[];
  responses: { status: string; description: string; body: string | null }[];
};
export type ApiReference = {
  title: string;
  version: string;
  description: string;
  baseUrl: string;
  endpoints: ReferenceEndpoint[];
  schemas: { name: string; description: string; fields: ReferenceField[] }[];
};

const refName = (ref: string) => ref.split("/").at(-1) ?? ref;

/** A schema as a reader says its type: "string or null", "array of ToolSummary", "one of free, paid". */
export function typeText(schema: JsonSchema | undefined): string {
  if (!schema) return "any";
  if (schema.$ref) return refName(schema.$ref);
  if (schema.anyOf) return schema.anyOf.map(typeText).join(" or ");
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const nullable = types.includes("null");
  const main = types.filter((type) => type !== "null");
  let text: string;
  if (schema.enum) {
    text = `one of ${schema.enum
      .filter((value) => value !== null)
      .map((value) => String(value))
      .join(", ")}`;
  } else if (main.includes("array")) {
    text = `array of ${typeText(schema.items)}`;
  } else {
    text = main.join(" or ") || "any";
    if (schema.format) text += ` (${schema.format})`;
  }
  if (schema.minimum !== undefined && schema.maximum !== undefined) text += `, ${schema.minimum}-${schema.maximum}`;
  if (schema.default !== undefined) text += `, default ${String(schema.default)}`;
  return nullable ? `${text} or null` : text;
}

export function apiReference(document: ReferenceSource): ApiReference {
  const endpoints: ReferenceEndpoint[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      if (!operation) continue;
      endpoints.push({
        id: operation.operationId ?? `${method}-${path}`,
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? path,
        description: operation.description ?? "",
        parameters: (operation.parameters ?? []).map((parameter) => ({
          name: parameter.name,
          location: parameter.in,
          type: typeText(parameter.schema),
          required: parameter.required ?? false,
          description: parameter.description ?? parameter.schema?.description ?? "",
        })),
        responses: Object.entries(operation.responses ?? {}).map(([status, response]) => {
          const [mediaType, media] = Object.entries(response.content ?? {})[0] ?? [];
          return {
            status,
            description: response.description ?? "",
            body: mediaType ? `${typeText(media?.schema)} (${mediaType})` : null,
          };
        }),
      });
    }
  }
  const schemas = Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => ({
    name,
    description: schema.description ?? "",
    fields: Object.entries(schema.properties ?? {}).map(([field, property]) => ({
      name: field,
      type: typeText(property),
      required: schema.required?.includes(field) ?? false,
      description: property.description ?? "",
    })),
  }));
  return {
    title: document.info.title,
    version: document.info.version,
    description: document.info.description ?? "",
    baseUrl: document.servers?.[0]?.url ?? "",
    endpoints,
    schemas,
  };
}
