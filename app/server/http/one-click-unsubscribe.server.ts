import type express from "express";
import { ONE_CLICK_UNSUBSCRIBE_PATH, UNSUBSCRIBE_PATH } from "~/lib/follows";
import type { Database } from "../db/client.server";
import { unsubscribeWithToken } from "../follows/unsubscribe.server";

/**
 * RFC 8058's one-click unsubscribe (decision 181), the address in every follow email's
 * List-Unsubscribe header. The mail provider posts `List-Unsubscribe=One-Click` from its own
 * servers, with no session and no Origin of ours, so this is answered before React Router, whose
 * actions all check the origin: the signed token is the authority, and stopping emails is all it
 * can do. A GET (a client that opens the address instead) goes to the page with the button.
 */
export function serveOneClickUnsubscribe(db: Database): express.RequestHandler {
  return async (req, res, next) => {
    if (req.path !== ONE_CLICK_UNSUBSCRIBE_PATH) return next();
    const token = typeof req.query.token === "string" ? req.query.token : "";
    try {
      if (req.method === "GET" || req.method === "HEAD") {
        return void res.redirect(303, `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`);
      }
      if (req.method !== "POST") return void res.status(405).set("Allow", "GET, HEAD, POST").end();
      const done = await unsubscribeWithToken({ db, token });
      res
        .status(done ? 200 : 400)
        .set("Cache-Control", "no-store")
        .type("text/plain")
        .send(done ? "You are unsubscribed." : "This unsubscribe link is not valid.");
    } catch (error) {
      next(error);
    }
  };
}
