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
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
