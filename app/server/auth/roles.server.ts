import { eq, sql } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import type { Database } from "../db/client.server";
import { profiles, users } from "../db/schema.server";

export type Role = "user" | "admin";

export type Profile = { username: string | null; displayName: string | null; avatarUrl: string | null; userType: Role };

/**
 * Gives the user with this email (any letter case) the role, for the admin command line and the
 * first-admin setup. A user whose profile is missing gets one, named the way the profile trigger
 * names it: a generated public name (the database's generated_public_name, decision 147), and the
 * user's name as username when they have one. Should two accounts differ only by case, the exact
 * spelling wins.
 */
export async function setUserRole({
  db,
  email,
  role,
}: {
  db: Database;
  email: string;
  role: Role;
}): Promise<{ userId: string }> {
  const address = email.trim();
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        id: users.id,
        name: users.name,
        image: users.image,
        publicName: sql<string>`generated_public_name()`,
      })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${address})`)
      .orderBy(sql`${users.email} = ${address} desc`, users.createdAt)
      .limit(1);
    if (!user) throw new AppError("not-found", `No account with the email ${address}`);

    await tx
      .insert(profiles)
      .values({
        id: user.id,
        username: user.name.trim() || user.publicName,
        displayName: user.publicName,
        avatarUrl: user.image,
        userType: role,
      })
      .onConflictDoUpdate({ target: profiles.id, set: { userType: role, updatedAt: sql`now()` } });
    return { userId: user.id };
  });
}

/** Whether any administrator exists (the first-admin setup is offered only when none does). */
export async function hasAdministrator({ db }: { db: Database }): Promise<boolean> {
  const [admin] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.userType, "admin")).limit(1);
  return admin !== undefined;
}

/** The user's public profile and role, or null when the user has none. */
export async function findProfile({ db, userId }: { db: Database; userId: string }): Promise<Profile | null> {
  const [profile] = await db
    .select({
      username: profiles.username,
      displayName: profiles.displayName,
      avatarUrl: profiles.avatarUrl,
      userType: profiles.userType,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return profile ?? null;
}
