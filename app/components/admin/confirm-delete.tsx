import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";

const CONSEQUENCES = {
  tool: " with its votes and comments",
  article: "",
  tag: " and from every tool that has it",
} as const;

/**
 * A Delete button that asks first. The confirmation posts `intent=delete` to the current route's
 * action, whose reply (a redirect with a toast, or an error) ends the flow. On a page that lists
 * several records, `id` is posted with it and named in the button for screen readers.
 */
export function ConfirmDelete({ what, name, id }: { what: keyof typeof CONSEQUENCES; name: string; id?: string }) {
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();
  const deleting =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "delete" &&
    (id === undefined || navigation.formData.get("id") === id);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          className="border-red-300 text-red-700 hover:bg-red-50 dark:border-red-900 dark:text-red-400 dark:hover:bg-red-950"
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Delete
          {id !== undefined && <span className="sr-only">{` ${name}`}</span>}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Delete this {what}?</DialogTitle>
        <DialogDescription className="mt-2">
          “{name}” will be removed from the site{CONSEQUENCES[what]}. This cannot be undone.
        </DialogDescription>
        <Form method="post" className="mt-6 flex justify-end gap-2" onSubmit={() => setOpen(false)}>
          {id !== undefined && <input type="hidden" name="id" value={id} />}
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            type="submit"
            name="intent"
            value="delete"
            disabled={deleting}
            className="bg-red-600 text-white hover:bg-red-700 dark:bg-red-500 dark:text-white dark:hover:bg-red-600"
          >
            {deleting ? "Deleting..." : `Delete ${what}`}
          </Button>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
