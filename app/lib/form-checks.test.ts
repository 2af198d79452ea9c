import { describe, expect, test } from "vitest";
import { signUpSchema } from "./account-schemas";
import { credentialsSchema } from "./auth-schemas";
import { fieldErrorsOf } from "./form-fields";
import { credentialsProblems, signUpProblems } from "./form-checks";

// The browser's hand checks and the action's zod schemas must give the same answer, field by
// field and word for word: a form the browser lets through is one the server accepts.
const emails = [
  "ada@example.com",
  "  Ada.Lovelace@Example.COM ",
  "o'brien+tag@mail.example.co.uk",
  "first_last-x@sub-domain.example.io",
  "",
  "   ",
  "ada",
  "ada@",
  "@example.com",
  "ada@example",
  "ada@example.c",
  "ada@@example.com",
  ".ada@example.com",
  "ada.@example.com",
  "a..b@example.com",
  "ada@-example.com",
  "ada@exa_mple.com",
  "ada lovelace@example.com",
  "ada@example.com.",
  "adä@example.com",
];
const passwords = ["", "12345", "123456", " 1234 ", "x".repeat(128), "x".repeat(129), "pässwörd"];
const displayNames = [
  "",
  "   ",
  "ad",
  "ada",
  " ada ",
  "Ada.L_x-1",
  "a".repeat(30),
  "a".repeat(31),
  "ada lovelace",
  "ad!",
  "ädä",
];

function schemaProblems(schema: typeof credentialsSchema | typeof signUpSchema, fields: Record<string, string>) {
  const parsed = schema.safeParse(fields);
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
}

describe("the sign-in form's checks agree with credentialsSchema", () => {
  const cases = [
    ...emails.map((email) => ({ email, password: "123456" })),
    ...passwords.map((password) => ({ email: "ada@example.com", password })),
    { email: "ada", password: "123" },
  ];
  test.each(cases)("%j", (fields) => {
    expect(credentialsProblems(fields)).toEqual(schemaProblems(credentialsSchema, fields));
  });
});

describe("the sign-up form's checks agree with signUpSchema", () => {
  const cases = [
    ...displayNames.map((displayName) => ({ email: "ada@example.com", password: "123456", displayName })),
    { email: "nope", password: "1", displayName: "x" },
    { email: "ada@example.com", password: "123456", displayName: "a".repeat(31) + "!" },
  ];
  test.each(cases)("%j", (fields) => {
    expect(signUpProblems(fields)).toEqual(schemaProblems(signUpSchema, fields));
  });
});

test("a field the form did not send is checked as empty", () => {
  expect(credentialsProblems({})).toEqual({
    email: "Invalid email address",
    password: "Password must be at least 6 characters",
  });
  expect(signUpProblems({ email: "ada@example.com", password: "123456" })).toEqual({});
});
