import { Bookmark, Inbox, LayoutDashboard, LogOut, UserRound } from "lucide-react";
import { Form, Link } from "react-router";
import { useRef } from "react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { MemberAvatar } from "~/components/member-avatar";
import { ACCOUNT_PATH, publicName } from "~/lib/account";
import type { PublicViewer } from "~/lib/viewer";

/** The signed-in member's own submissions (issue 15). */
const MY_SUBMISSIONS_PATH = "/account/submissions";

/** The signed-in user's avatar (image, or the email's first letter) and its menu. */
export function UserMenu({ viewer }: { viewer: PublicViewer }) {
  const signOutForm = useRef<HTMLFormElement>(null);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={`Account menu for ${viewer.email}`}
          className="flex h-10 w-10 items-center justify-center overflow-hidden rounded-full bg-indigo-600 text-sm font-semibold text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 dark:bg-indigo-400 dark:text-slate-950 dark:focus-visible:ring-offset-slate-950"
        >
          <MemberAvatar url={viewer.avatarUrl} initial={viewer.email} size={40} fallbackClassName="" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>
            <span className="block">{publicName(viewer)}</span>
            <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">{viewer.email}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          {viewer.isAdmin && (
            <DropdownMenuItem asChild>
              <Link to="/admin">
                <LayoutDashboard aria-hidden="true" className="h-4 w-4" />
                Admin Dashboard
              </Link>
            </DropdownMenuItem>
          )}
          <DropdownMenuItem asChild>
            <Link to="/saved">
              <Bookmark aria-hidden="true" className="h-4 w-4" />
              Saved Tools
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={MY_SUBMISSIONS_PATH}>
              <Inbox aria-hidden="true" className="h-4 w-4" />
              My submissions
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={ACCOUNT_PATH}>
              <UserRound aria-hidden="true" className="h-4 w-4" />
              Account
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => signOutForm.current?.requestSubmit()}>
            <LogOut aria-hidden="true" className="h-4 w-4" />
            Sign out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Form ref={signOutForm} method="post" action="/sign-out" className="hidden" />
      {/* The menu needs JavaScript; without it, saved tools, the account and signing out are plain links and a button. */}
      <noscript>
        <a href="/saved" className="mr-3 text-sm font-medium text-slate-700 underline dark:text-slate-200">
          Saved Tools
        </a>
        <a href={ACCOUNT_PATH} className="mr-3 text-sm font-medium text-slate-700 underline dark:text-slate-200">
          Account
        </a>
        <form method="post" action="/sign-out">
          <button type="submit" className="text-sm font-medium text-slate-700 underline dark:text-slate-200">
            Sign out
          </button>
        </form>
      </noscript>
    </>
  );
}
