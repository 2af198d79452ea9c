import { Bookmark, Inbox, LayoutDashboard, LogOut, UserRound } from "lucide-react";
import { Form, Link } from "react-router";
import { MemberAvatar } from "~/components/member-avatar";
import { MenuButton, MenuLabel, MenuSeparator, menuItemClasses } from "~/components/ui/menu-button";
import { ACCOUNT_PATH, publicName } from "~/lib/account";
import type { PublicViewer } from "~/lib/viewer";

/** The signed-in member's own submissions (issue 15). */
const MY_SUBMISSIONS_PATH = "/account/submissions";

/**
 * The signed-in user's avatar (image, or the email's first letter) and its menu. The menu is the
 * browser's popover, so it opens and signs out without JavaScript too (decision 108).
 */
export function UserMenu({ viewer }: { viewer: PublicViewer }) {
  const links = [
    ...(viewer.isAdmin ? [{ to: "/admin", label: "Admin Dashboard", Icon: LayoutDashboard }] : []),
    { to: "/saved", label: "Saved Tools", Icon: Bookmark },
    { to: MY_SUBMISSIONS_PATH, label: "My submissions", Icon: Inbox },
    { to: ACCOUNT_PATH, label: "Account", Icon: UserRound },
  ];
  return (
    <MenuButton
      label={`Account menu for ${viewer.email}`}
      triggerClassName="flex h-10 w-10 items-center justify-center overflow-hidden rounded-full bg-indigo-600 text-sm font-semibold text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 dark:bg-indigo-400 dark:text-slate-950 dark:focus-visible:ring-offset-slate-950"
      trigger={<MemberAvatar url={viewer.avatarUrl} initial={viewer.email} size={40} fallbackClassName="" />}
    >
      <MenuLabel>
        <span className="block font-semibold text-slate-800 dark:text-slate-200">{publicName(viewer)}</span>
        <span className="block">{viewer.email}</span>
      </MenuLabel>
      <MenuSeparator />
      {links.map(({ to, label, Icon }) => (
        <Link key={to} to={to} role="menuitem" tabIndex={-1} className={menuItemClasses}>
          <Icon aria-hidden="true" className="h-4 w-4" />
          {label}
        </Link>
      ))}
      <Form method="post" action="/sign-out" role="none">
        <button type="submit" role="menuitem" tabIndex={-1} className={menuItemClasses}>
          <LogOut aria-hidden="true" className="h-4 w-4" />
          Sign out
        </button>
      </Form>
    </MenuButton>
  );
}
