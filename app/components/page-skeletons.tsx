import { Skeleton } from "~/components/ui/skeleton";

/** Placeholder cards with the same box as a real card, so content arrives without a jump. */
export function ToolCardSkeletons({ count }: { count: number }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true" data-testid="tool-skeletons">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="flex flex-col gap-3 rounded-xl border border-slate-200 p-5 dark:border-slate-800">
          <div className="flex gap-4">
            <Skeleton className="h-14 w-14 rounded-xl" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          </div>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-4/5" />
        </li>
      ))}
    </ul>
  );
}

export function ArticleCardSkeletons({ count }: { count: number }) {
  return (
    <ul className="grid gap-5 md:grid-cols-2" aria-hidden="true" data-testid="article-skeletons">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="space-y-3 rounded-xl border border-slate-200 p-5 dark:border-slate-800">
          <Skeleton className="h-4 w-1/4" />
          <Skeleton className="h-6 w-3/4" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-1/3" />
        </li>
      ))}
    </ul>
  );
}

/** The home page while its lists load: 6 tool and 2 article placeholders (spec section 9). */
export function HomeSkeleton() {
  return (
    <div className="mx-auto max-w-7xl space-y-10 px-4 py-10 sm:px-6">
      <Skeleton className="mx-auto h-12 w-2/3" />
      <Skeleton className="mx-auto h-11 w-full max-w-2xl" />
      <ToolCardSkeletons count={6} />
      <ArticleCardSkeletons count={2} />
    </div>
  );
}

export function CategorySkeleton() {
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-10 sm:px-6">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-10 w-72" />
      <Skeleton className="h-10 w-full max-w-md" />
      <ToolCardSkeletons count={3} />
    </div>
  );
}

export function ToolDetailSkeleton() {
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10 sm:px-6" data-testid="tool-skeleton">
      <Skeleton className="h-10 w-24" />
      <div className="flex gap-6">
        <Skeleton className="h-32 w-32 rounded-2xl" />
        <div className="flex-1 space-y-3">
          <Skeleton className="h-9 w-1/2" />
          <Skeleton className="h-6 w-1/4" />
          <Skeleton className="h-6 w-1/3" />
        </div>
      </div>
      <Skeleton className="h-40 w-full" />
      <div className="grid gap-6 md:grid-cols-2">
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
      </div>
    </div>
  );
}

export function ArticleSkeleton() {
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:px-6" data-testid="article-skeleton">
      <Skeleton className="h-10 w-24" />
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-5 w-1/2" />
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} className="h-4 w-full" />
      ))}
    </div>
  );
}

export function ListSkeleton() {
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-10 sm:px-6">
      <Skeleton className="h-10 w-48" />
      <ArticleCardSkeletons count={4} />
    </div>
  );
}
