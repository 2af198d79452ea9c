import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { AppError } from "~/lib/app-error";
import { profiles, users } from "~/server/db/schema.server";
import { insertUsers, type NewUser } from "../../../tests/setup/fixtures";
import { GENERATED_NAME } from "../../../tests/setup/public-names";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { findProfile, hasAdministrator, setUserRole } from "./roles.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${users} cascade`);
});

const insertUser = async (values: NewUser) => (await insertUsers(database.db, values))[0]!;

describe("setUserRole", () => {
  test("promotes and demotes by email, in any letter case", async () => {
    const user = await insertUser({ email: "ada@example.com", name: "Ada" });

    expect(await setUserRole({ db: database.db, email: " ADA@Example.com ", role: "admin" })).toEqual({
      userId: user.id,
    });
    expect(await findProfile({ db: database.db, userId: user.id })).toEqual({
      username: "Ada",
      displayName: expect.stringMatching(GENERATED_NAME),
      avatarUrl: null,
      userType: "admin",
    });

    expect(await setUserRole({ db: database.db, email: "ada@example.com", role: "user" })).toEqual({ userId: user.id });
    expect((await findProfile({ db: database.db, userId: user.id }))?.userType).toBe("user");
  });

  test("refuses an unknown email with a not-found AppError and changes nothing", async () => {
    const user = await insertUser({ email: "ada@example.com" });

    await expect(setUserRole({ db: database.db, email: "eve@example.com", role: "admin" })).rejects.toMatchObject({
      code: "not-found",
      message: "No account with the email eve@example.com",
    });
    await expect(setUserRole({ db: database.db, email: "ada@", role: "admin" })).rejects.toBeInstanceOf(AppError);
    expect((await findProfile({ db: database.db, userId: user.id }))?.userType).toBe("user");
  });

  test("creates the profile of a user who has none", async () => {
    const user = await insertUser({ email: "max@example.com", image: "https://example.com/max.png" });
    await database.db.delete(profiles).where(eq(profiles.id, user.id));

    expect(await setUserRole({ db: database.db, email: "max@example.com", role: "admin" })).toEqual({
      userId: user.id,
    });
    const profile = await findProfile({ db: database.db, userId: user.id });
    expect(profile).toEqual({
      username: expect.stringMatching(GENERATED_NAME),
      displayName: expect.stringMatching(GENERATED_NAME),
      avatarUrl: "https://example.com/max.png",
      userType: "admin",
    });
    // Named the way the profile trigger names it: the same generated name, nothing from the address.
    expect(profile!.username).toBe(profile!.displayName);
  });

  test("changes only the role of an existing profile", async () => {
    const user = await insertUser({ email: "lin@example.com" });
    await database.db
      .update(profiles)
      .set({ username: "lin-chen", displayName: "Lin.Chen", avatarUrl: "https://example.com/lin.png" })
      .where(eq(profiles.id, user.id));

    await setUserRole({ db: database.db, email: "lin@example.com", role: "admin" });

    expect(await findProfile({ db: database.db, userId: user.id })).toEqual({
      username: "lin-chen",
      displayName: "Lin.Chen",
      avatarUrl: "https://example.com/lin.png",
      userType: "admin",
    });
  });

  test("prefers the exact spelling when two accounts differ only by case", async () => {
    const lower = await insertUser({ email: "sam@example.com" });
    const upper = await insertUser({ email: "Sam@example.com" });

    expect(await setUserRole({ db: database.db, email: "Sam@example.com", role: "admin" })).toEqual({
      userId: upper.id,
    });
    expect((await findProfile({ db: database.db, userId: lower.id }))?.userType).toBe("user");
  });
});

describe("hasAdministrator", () => {
  test("is true only while some profile is an admin", async () => {
    await insertUser({ email: "ada@example.com" });
    expect(await hasAdministrator({ db: database.db })).toBe(false);

    await setUserRole({ db: database.db, email: "ada@example.com", role: "admin" });
    expect(await hasAdministrator({ db: database.db })).toBe(true);

    await setUserRole({ db: database.db, email: "ada@example.com", role: "user" });
    expect(await hasAdministrator({ db: database.db })).toBe(false);
  });
});

describe("findProfile", () => {
  test("is null for a user who does not exist", async () => {
    expect(await findProfile({ db: database.db, userId: "7d0c6d56-1f0b-4c43-9a51-0e7f5f1b2c3d" })).toBeNull();
  });
});

describe("profiles for new users", () => {
  test("every new user gets a profile with a generated public name, never from the email, and the role 'user'", async () => {
    const [user] = await database.db
      .insert(users)
      .values({ email: "ada.l@example.com", image: "https://example.com/ada.png" })
      .returning();

    const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile).toMatchObject({
      username: expect.stringMatching(GENERATED_NAME),
      displayName: expect.stringMatching(GENERATED_NAME),
      avatarUrl: "https://example.com/ada.png",
      userType: "user",
    });
    expect(profile!.username).toBe(profile!.displayName);
  });

  test("generated names are unique whatever the case", async () => {
    const created = await insertUsers(
      database.db,
      ...Array.from({ length: 40 }, (_, index) => ({ email: `member${index}@example.com` })),
    );
    const rows = await database.db.select({ displayName: profiles.displayName }).from(profiles);
    const names = rows.map((row) => row.displayName!.toLowerCase());
    expect(names).toHaveLength(created.length);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(GENERATED_NAME);
  });

  test("a non-blank name is the username; a blank one is not", async () => {
    const created = await database.db
      .insert(users)
      .values([
        { email: "grace@example.com", name: "  Grace Hopper " },
        { email: "blank@example.com", name: " \t " },
      ])
      .returning({ id: users.id, email: users.email });

    const rows = await database.db.select({ id: profiles.id, username: profiles.username }).from(profiles);
    const byEmail = Object.fromEntries(
      created.map((user) => [user.email, rows.find((row) => row.id === user.id)?.username]),
    );
    expect(byEmail).toEqual({
      "grace@example.com": "Grace Hopper",
      "blank@example.com": expect.stringMatching(GENERATED_NAME),
    });
  });

  test("a profile cannot be made ahead of its user, so the trigger's role is the one it gets", async () => {
    const id = "7d0c6d56-1f0b-4c43-9a51-0e7f5f1b2c3d";
    await expect(database.db.insert(profiles).values({ id, userType: "admin" })).rejects.toMatchObject({
      cause: { code: "23503" },
    });

    await database.db.insert(users).values({ id, email: "eve@example.com" });
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, id));
    expect(profile?.userType).toBe("user");
  });

  test("a user created inside a transaction that rolls back leaves no profile", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(users).values({ email: "gone@example.com" });
        expect(await tx.select().from(profiles)).toHaveLength(1);
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(await database.db.select().from(profiles)).toEqual([]);
  });

  test("a new image replaces the avatar, a cleared one keeps it, and the names are only filled in when missing", async () => {
    const [user] = await database.db
      .insert(users)
      .values({ email: "lin@example.com", image: "https://example.com/1.png" })
      .returning();
    const profile = async () => (await database.db.select().from(profiles).where(eq(profiles.id, user!.id)))[0]!;

    await database.db
      .update(users)
      .set({ image: "https://example.com/2.png", name: "Lin Chen" })
      .where(eq(users.id, user!.id));
    const generated = (await profile()).displayName!;
    expect(generated).toMatch(GENERATED_NAME);
    expect(await profile()).toMatchObject({
      avatarUrl: "https://example.com/2.png",
      username: generated,
      userType: "user",
    });

    await database.db.update(users).set({ image: null }).where(eq(users.id, user!.id));
    expect((await profile()).avatarUrl).toBe("https://example.com/2.png");

    await database.db.update(profiles).set({ username: null, displayName: null }).where(eq(profiles.id, user!.id));
    await database.db.update(users).set({ name: "Lin C." }).where(eq(users.id, user!.id));
    expect(await profile()).toMatchObject({ username: "Lin C.", displayName: expect.stringMatching(GENERATED_NAME) });
  });

  test("updating a user whose profile is missing creates it with the role 'user'", async () => {
    const [user] = await database.db.insert(users).values({ email: "max@example.com" }).returning();
    await database.db.delete(profiles).where(eq(profiles.id, user!.id));

    await database.db.update(users).set({ name: "Max" }).where(eq(users.id, user!.id));

    const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile).toMatchObject({
      username: "Max",
      displayName: expect.stringMatching(GENERATED_NAME),
      userType: "user",
    });
  });

  test("an admin's role survives changes to the user", async () => {
    const [user] = await database.db.insert(users).values({ email: "root@example.com" }).returning();
    await database.db.update(profiles).set({ userType: "admin" }).where(eq(profiles.id, user!.id));

    await database.db
      .update(users)
      .set({ name: "Root", image: "https://example.com/r.png" })
      .where(eq(users.id, user!.id));

    const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile).toMatchObject({ userType: "admin", avatarUrl: "https://example.com/r.png" });
  });
});
