import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("tool/:id", "routes/tool.tsx"),
  route("article/:id", "routes/article.tsx"),
  route("category/:category", "routes/category.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/rss.xml", "routes/blog-rss.ts"),
  route("about", "routes/about.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("theme", "routes/theme.ts"),
  route("sign-in", "routes/sign-in.tsx"),
  route("sign-out", "routes/sign-out.ts"),
  route("auth/google", "routes/auth-google.ts"),
  route("auth/signed-in", "routes/auth-signed-in.ts"),
  route("setup/admin", "routes/admin-setup.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
