import type { Route } from "./+types/developers";
import { apiReference, type ReferenceField, type ReferenceSource } from "~/lib/api/reference";
import { seoMeta, siteUrlFromMatches } from "~/lib/seo";
import { siteNameFromMatches } from "~/lib/site";
import { openApiDocument } from "~/server/api/openapi.server";
import { siteUrlFor } from "~/server/site.server";

/** The public API's reference, rendered from its OpenAPI document (decision 064), never written by hand. */
export function loader({ request, context }: Route.LoaderArgs) {
  // The generator's types are wider than what the reference reads; the document is plain JSON.
  return apiReference(openApiDocument(siteUrlFor(request, context)) as unknown as ReferenceSource);
}

export function meta({ matches }: Route.MetaArgs) {
  const siteName = siteNameFromMatches(matches);
  return seoMeta({
    siteName,
    title: `Public API - ${siteName}`,
    description: `Read ${siteName}'s tools, categories, tags and articles as JSON: endpoints, parameters and fields.`,
    path: "/developers",
    siteUrl: siteUrlFromMatches(matches),
  });
}

const cell = "border-b border-slate-200 px-3 py-2 align-top dark:border-slate-800";
const headCell = `${cell} text-left font-semibold`;

function FieldTable({ caption, fields, location }: { caption: string; fields: ReferenceField[]; location?: string[] }) {
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="mb-2 text-left font-medium text-slate-700 dark:text-slate-300">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={headCell}>
              Name
            </th>
            {location ? (
              <th scope="col" className={headCell}>
                In
              </th>
            ) : null}
            <th scope="col" className={headCell}>
              Type
            </th>
            <th scope="col" className={headCell}>
              Required
            </th>
            <th scope="col" className={headCell}>
              Description
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field, index) => (
            <tr key={field.name}>
              <th scope="row" className={`${cell} text-left font-mono font-normal`}>
                {field.name}
              </th>
              {location ? <td className={cell}>{location[index]}</td> : null}
              <td className={cell}>{field.type}</td>
              <td className={cell}>{field.required ? "yes" : "no"}</td>
              <td className={cell}>{field.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function Developers({ loaderData }: Route.ComponentProps) {
  const reference = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{reference.title}</h1>
      <div className="prose-content mt-6 text-slate-800 dark:text-slate-200">
        <p>{reference.description}</p>
        <p>
          Base address: <code>{reference.baseUrl}</code>. Version {reference.version}. The machine-readable description
          is the <a href="/api/v1/openapi.json">OpenAPI 3.1 document</a>; this page is rendered from it.
        </p>
        <pre>
          <code>{`curl "${reference.baseUrl}/api/v1/tools?category=Image&pricing=free&sort=top-rated&limit=5"`}</code>
        </pre>
      </div>

      <h2 className="mt-10 text-2xl font-semibold text-slate-900 dark:text-white">Endpoints</h2>
      <ul className="mt-3 list-disc pl-6">
        {reference.endpoints.map((endpoint) => (
          <li key={endpoint.id}>
            <a href={`#${endpoint.id}`}>
              <code>
                {endpoint.method} {endpoint.path}
              </code>
            </a>{" "}
            - {endpoint.summary}
          </li>
        ))}
      </ul>

      {reference.endpoints.map((endpoint) => (
        <section key={endpoint.id} aria-labelledby={endpoint.id} className="mt-10">
          <h3 id={endpoint.id} className="text-xl font-semibold text-slate-900 dark:text-white">
            {endpoint.summary}:{" "}
            <code>
              {endpoint.method} {endpoint.path}
            </code>
          </h3>
          <p className="mt-2 text-slate-800 dark:text-slate-200">{endpoint.description}</p>
          {endpoint.parameters.length > 0 ? (
            <FieldTable
              caption={`Parameters of ${endpoint.method} ${endpoint.path}`}
              fields={endpoint.parameters}
              location={endpoint.parameters.map((parameter) => parameter.location)}
            />
          ) : null}
          <div className="mt-3 overflow-x-auto">
            <table className="w-full border-collapse text-sm">
              <caption className="mb-2 text-left font-medium text-slate-700 dark:text-slate-300">
                Answers of {endpoint.method} {endpoint.path}
              </caption>
              <thead>
                <tr>
                  <th scope="col" className={headCell}>
                    Status
                  </th>
                  <th scope="col" className={headCell}>
                    Meaning
                  </th>
                  <th scope="col" className={headCell}>
                    Body
                  </th>
                </tr>
              </thead>
              <tbody>
                {endpoint.responses.map((response) => (
                  <tr key={response.status}>
                    <th scope="row" className={`${cell} text-left font-normal`}>
                      {response.status}
                    </th>
                    <td className={cell}>{response.description}</td>
                    <td className={cell}>{response.body ?? "none"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}

      <h2 className="mt-12 text-2xl font-semibold text-slate-900 dark:text-white">Resources</h2>
      {reference.schemas.map((schema) => (
        <section key={schema.name} aria-labelledby={`schema-${schema.name}`} className="mt-8">
          <h3 id={`schema-${schema.name}`} className="text-xl font-semibold text-slate-900 dark:text-white">
            {schema.name}
          </h3>
          {schema.description ? <p className="mt-2 text-slate-800 dark:text-slate-200">{schema.description}</p> : null}
          <FieldTable caption={`Fields of ${schema.name}`} fields={schema.fields} />
        </section>
      ))}
    </div>
  );
}
