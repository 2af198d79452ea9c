import { Bookmark, LayoutDashboard, LogOut } from "lucide-react";
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
import type { PublicViewer } from "~/lib/viewer";

/** The signed-in user's avatar (image, or the email's first letter) and its menu. */
export function UserMenu({ viewer }: { viewer: PublicViewer }) {
  const signOutForm = useRef<HTMLFormElement>(null);
  const initial = viewer.email.charAt(0).toUpperCase();
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={`Account menu for ${viewer.email}`}
          className="flex h-10 w-10 items-center justify-center overflow-hidden rounded-full bg-indigo-600 text-sm font-semibold text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 dark:bg-indigo-400 dark:text-slate-950 dark:focus-visible:ring-offset-slate-950"
        >
          {viewer.avatarUrl ? (
            <img
              src={viewer.avatarUrl}
              alt=""
              width={40}
              height={40}
              className="h-10 w-10 object-cover"
              referrerPolicy="no-referrer"
            />
          ) : (
            <span aria-hidden="true">{initial}</span>
          )}
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>{viewer.email}</DropdownMenuLabel>
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
          <DropdownMenuItem onSelect={() => signOutForm.current?.requestSubmit()}>
            <LogOut aria-hidden="true" className="h-4 w-4" />
            Sign out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Form ref={signOutForm} method="post" action="/sign-out" className="hidden" />
      {/* The menu needs JavaScript; without it, saved tools and signing out are a plain link and button. */}
      <noscript>
        <a href="/saved" className="mr-3 text-sm font-medium text-slate-700 underline dark:text-slate-200">
          Saved Tools
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
