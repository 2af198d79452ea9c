import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "~/components/ui/dialog";

/**
 * A Delete button that asks first. The confirmation posts `intent=delete` to the current route's
 * action, whose reply (a redirect with a toast, or an error) ends the flow.
 */
export function ConfirmDelete({ what, name }: { what: "tool" | "article"; name: string }) {
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="border-red-300 text-red-700 hover:bg-red-50 dark:border-red-900 dark:text-red-400 dark:hover:bg-red-950">
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Delete this {what}?</DialogTitle>
        <DialogDescription className="mt-2">
          “{name}” will be removed from the site{what === "tool" ? " with its votes and comments" : ""}. This cannot be undone.
        </DialogDescription>
        <Form method="post" className="mt-6 flex justify-end gap-2" onSubmit={() => setOpen(false)}>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit" name="intent" value="delete" disabled={deleting} className="bg-red-600 text-white hover:bg-red-700 dark:bg-red-500 dark:text-white dark:hover:bg-red-600">
            {deleting ? "Deleting..." : `Delete ${what}`}
          </Button>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
