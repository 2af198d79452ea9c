import { index, prefix, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("tool/:id", "routes/tool.tsx"),
  route("tool/:id/alternatives", "routes/tool-alternatives.tsx"),
  // A maker claims the listing, then sees its figures and proposes edits (decision 176).
  route("tool/:id/claim", "routes/tool-claim.tsx"),
  route("tool/:id/maker", "routes/tool-maker.tsx"),
  route("article/:id", "routes/article.tsx"),
  route("category/:category", "routes/category.tsx"),
  route("tag/:slug", "routes/tag.tsx"),
  // The search boxes' suggestions while typing, as JSON (decision 160).
  route("search/suggest", "routes/search-suggest.ts"),
  // /compare/{a}-vs-{b} for a pair, /compare?tools=a,b,c for three or four (decision 059).
  route("compare/:pair?", "routes/compare.tsx"),
  // The signed-in user's saved tools; its action saves and removes them (decision 062).
  route("saved", "routes/saved.tsx"),
  // Following a tool, a category or a tag, and how often to be mailed; the emails' unsubscribe page (decisions 180, 181).
  route("follow", "routes/follow.ts"),
  route("unsubscribe", "routes/unsubscribe.tsx"),
  // Suggesting a tool, and the member's suggestions with their state (decision 078).
  route("submit", "routes/submit.tsx"),
  route("account/submissions", "routes/account-submissions.tsx"),
  // The member's own account (display name, avatar, email, password, devices, deletion) and the
  // emailed links it sends; a member's public profile (decisions 074 and 075).
  route("account", "routes/account.tsx"),
  route("account/confirm", "routes/account-confirm.tsx"),
  route("u/:name", "routes/member-profile.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/rss.xml", "routes/blog-rss.ts"),
  route("blog/feed.json", "routes/blog-rss.ts", { id: "blog-json-feed" }),
  // The newest tools as feeds (decision 066).
  route("tools/rss.xml", "routes/tools-feed.ts"),
  route("tools/feed.json", "routes/tools-feed.ts", { id: "tools-json-feed" }),
  route("category/:category/rss.xml", "routes/tools-feed.ts", { id: "category-rss-feed" }),
  route("category/:category/feed.json", "routes/tools-feed.ts", { id: "category-json-feed" }),
  // The public change log across the catalogue, and its feed (issue 14).
  route("changes", "routes/changes.tsx"),
  route("changes/rss.xml", "routes/changes-rss.ts"),
  // The public read API (decision 064): JSON resources, and its reference generated from the OpenAPI document.
  ...prefix("api/v1", [
    route("tools", "routes/api-v1-tools.ts"),
    route("tools/:slug", "routes/api-v1-tool.ts"),
    route("categories", "routes/api-v1-categories.ts"),
    route("tags", "routes/api-v1-tags.ts"),
    route("articles", "routes/api-v1-articles.ts"),
    route("articles/:slug", "routes/api-v1-article.ts"),
    route("openapi.json", "routes/api-v1-openapi.ts"),
  ]),
  route("developers", "routes/developers.tsx"),
  route("about", "routes/about.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  // The index's files, at the root so each may list any page: /sitemap-{section}.xml, then
  // ?page=2 and on past 50,000 addresses (decision 102).
  route("sitemap-pages.xml", "routes/sitemap-section.ts", { id: "sitemap-pages" }),
  route("sitemap-categories.xml", "routes/sitemap-section.ts", { id: "sitemap-categories" }),
  route("sitemap-tags.xml", "routes/sitemap-section.ts", { id: "sitemap-tags" }),
  route("sitemap-tools.xml", "routes/sitemap-section.ts", { id: "sitemap-tools" }),
  route("sitemap-alternatives.xml", "routes/sitemap-section.ts", { id: "sitemap-alternatives" }),
  route("sitemap-comparisons.xml", "routes/sitemap-section.ts", { id: "sitemap-comparisons" }),
  route("sitemap-articles.xml", "routes/sitemap-section.ts", { id: "sitemap-articles" }),
  route("robots.txt", "routes/robots.ts"),
  route("llms.txt", "routes/llms-txt.ts"),
  // Share images: 1200x630 PNG cards for og:image and twitter:image (decision 099).
  route("og/site.png", "routes/og-image.ts", { id: "og-site-image" }),
  route("og/:kind/:file", "routes/og-image.ts"),
  route("theme", "routes/theme.ts"),
  route("sign-in", "routes/sign-in.tsx"),
  route("sign-out", "routes/sign-out.ts"),
  route("auth/google", "routes/auth-google.ts"),
  route("auth/signed-in", "routes/auth-signed-in.ts"),
  route("auth/confirm", "routes/auth-confirm.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("setup/admin", "routes/admin-setup.tsx"),
  // The admin area. Each module checks the role itself; the layout's check guards only the layout.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("tools", "routes/admin/tools.tsx"),
    // "new" is the create form; any other value is a tool id (spec section 4: new mode without an id).
    route("tools/:id", "routes/admin/tool-form.tsx"),
    route("tools/:id/alternatives", "routes/admin/tool-alternatives.tsx"),
    route("articles", "routes/admin/articles.tsx"),
    route("articles/:id", "routes/admin/article-form.tsx"),
    route("tags", "routes/admin/tags.tsx"),
    // AI refresh proposals, reviewed field by field (issue 14).
    route("proposals", "routes/admin/proposals.tsx"),
    // Pending submissions, reported comments and reported listings in one place (decision 079).
    route("inbox", "routes/admin/inbox.tsx"),
    route("research-queue", "routes/admin/research-queue.tsx"),
    route("jobs", "routes/admin/jobs.tsx"),
    route("backups", "routes/admin/backups.tsx"),
    // Import and export of tools and articles, JSON or CSV (decisions 084 and 085).
    route("catalog", "routes/admin/catalog.tsx"),
  ]),
  ...prefix("admin", [
    route("uploads/logo", "routes/admin/logo-upload.ts"),
    route("research", "routes/admin/research.ts"),
    route("catalog/export", "routes/admin/catalog-export.ts"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
